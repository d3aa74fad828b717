/** Why is this node different from its peers: pure computations over a group's aggregate counts. */
export * from './peerTypes';
export * from './canonicalValue';
export * from './factSkips';
export * from './peerNorm';
export * from './peerDifferences';
export * from './peerRanking';
export * from './peerGroup';
