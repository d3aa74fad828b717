/** The history of a node's runs: pure computations the host's service and the views share. */
export * from './runSummary';
export * from './runEntries';
export * from './failingSince';
export * from './normaliseMessage';
export * from './runDifferences';
export * from './compareRuns';
export * from './healthSignals';
export * from './commitRange';
export * from './runChange';
