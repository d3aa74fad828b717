/**
 * Queries an operator asks often, shipped with the extension and shown in the Queries view
 * ("Starter Queries"). Each is checked against the real PuppetDB by
 * test/integration/starterQueries.test.ts, its answer against one worked out by hand.
 *
 * PQL has no relative time ("2 hours ago" is refused by the server) and no variables, so a query
 * that needs a value (hours, a class) names its parameters: the Queries view asks for them when
 * the query is run, opened, copied or added to the library, and `starterText` writes them in.
 * Pure.
 */

/** A value a starter query asks for before it becomes PQL. */
export interface StarterParameter {
  name: string;
  kind: 'hours' | 'className';
  /** What the input box asks. */
  prompt: string;
  placeholder: string;
  defaultValue?: string;
}

export interface StarterQuery {
  /** Stable among the starters (tree item ids, tests). */
  id: string;
  name: string;
  description: string;
  parameters: StarterParameter[];
  /** The PQL, given the parameters' checked values (`starterText`). */
  pql(values: Readonly<Record<string, string>>, now: Date): string;
}

/** The folder the starters are shown in. */
export const STARTER_FOLDER = 'Starter Queries';

export const STARTER_QUERIES: readonly StarterQuery[] = [
  {
    id: 'failed-nodes',
    name: 'Failed nodes',
    description: 'Nodes whose latest Puppet run failed, with its environment and time.',
    parameters: [],
    pql: () =>
      'nodes[certname, report_environment, report_timestamp] {\n  latest_report_status = "failed"\n  order by certname\n}',
  },
  {
    id: 'failed-nodes-by-environment',
    name: 'Failed nodes by environment',
    description: 'How many nodes failed their latest run, per environment of that run.',
    parameters: [],
    pql: () =>
      'nodes[report_environment, count()] {\n  latest_report_status = "failed"\n  group by report_environment\n}',
  },
  {
    id: 'nodes-not-reporting',
    name: 'Nodes not reporting',
    description: 'Nodes with no report within the last N hours (or none at all), oldest first.',
    parameters: [
      {
        name: 'hours',
        kind: 'hours',
        prompt: 'Nodes with no report within how many hours?',
        placeholder: 'hours, for example 2',
        defaultValue: '2',
      },
    ],
    pql: (values, now) => {
      const since = new Date(now.getTime() - Number(values.hours) * 3_600_000).toISOString();
      return `nodes[certname, report_timestamp, latest_report_status] {\n  report_timestamp < "${since}" or report_timestamp is null\n  order by report_timestamp\n}`;
    },
  },
  {
    id: 'failed-resources',
    name: 'Failed resources in the latest runs',
    description: 'Every resource that failed in a node’s latest run, with its message.',
    parameters: [],
    pql: () =>
      'events[certname, resource_type, resource_title, message] {\n  latest_report? = true and status = "failure"\n  order by certname\n}',
  },
  {
    id: 'most-changed-resources',
    name: 'Most-changed resources',
    description:
      'Resources changed by Puppet runs PuppetDB still keeps, with how many times each changed (sort by count).',
    parameters: [],
    pql: () =>
      'events[resource_type, resource_title, count()] {\n  status = "success"\n  group by resource_type, resource_title\n}',
  },
  {
    id: 'agents-by-puppet-version',
    name: 'Agents by Puppet version',
    description: 'How many nodes run each Puppet agent version (the puppetversion fact).',
    parameters: [],
    pql: () => 'inventory[facts.puppetversion, count()] {\n  group by facts.puppetversion\n}',
  },
  {
    id: 'os-distribution',
    name: 'OS distribution',
    description: 'How many nodes run each operating system and major release.',
    parameters: [],
    pql: () =>
      'inventory[facts.os.name, facts.os.release.major, count()] {\n  group by facts.os.name, facts.os.release.major\n}',
  },
  {
    id: 'nodes-with-class',
    name: 'Nodes with a class',
    description: 'The nodes whose catalog contains a class you name.',
    parameters: [
      {
        name: 'class',
        kind: 'className',
        prompt: 'Which class? (for example profile::base)',
        placeholder: 'a class name, for example profile::base',
      },
    ],
    pql: (values) =>
      `resources[certname] {\n  type = "Class" and title = "${classTitle(values.class ?? '')}"\n  order by certname\n}`,
  },
  {
    id: 'nodes-by-environment',
    name: 'Nodes by environment',
    description: 'How many nodes compile their catalog in each environment.',
    parameters: [],
    pql: () => 'nodes[catalog_environment, count()] {\n  group by catalog_environment\n}',
  },
  {
    id: 'pending-noop-changes',
    name: 'Pending no-op changes',
    description: 'Nodes whose latest run, in no-op mode, would have changed something.',
    parameters: [],
    pql: () =>
      'reports[certname, end_time, environment] {\n  latest_report? = true and noop_pending = true\n  order by certname\n}',
  },
  {
    id: 'resources-by-type',
    name: 'Resources by type',
    description: 'How many resources of each type the catalogs hold, across the fleet.',
    parameters: [],
    pql: () => 'resources[type, count()] {\n  group by type\n}',
  },
];

/** Why `value` is not a value of `parameter`, or undefined when it is one. */
export function parameterProblem(parameter: StarterParameter, value: string): string | undefined {
  const text = value.trim();
  if (parameter.kind === 'hours') {
    const hours = Number(text);
    return text !== '' && Number.isFinite(hours) && hours > 0 && hours <= 24 * 366
      ? undefined
      : 'Enter a number of hours greater than 0 (at most a year).';
  }
  return CLASS_NAME.test(text)
    ? undefined
    : 'Enter a Puppet class name: words of letters, digits and _ joined by ::, such as profile::base.';
}

/** A class name as Puppet writes it, a word at a time (letters, digits, _), `::` between words. */
const CLASS_NAME = /^(?:::)?[A-Za-z][A-Za-z0-9_]*(?:::[A-Za-z][A-Za-z0-9_]*)*$/;

/**
 * A class's resource title as PuppetDB stores it: each `::` segment capitalised
 * (`profile::base` → `Profile::Base`), a leading `::` dropped.
 */
export function classTitle(name: string): string {
  return name
    .trim()
    .replace(/^::/, '')
    .split('::')
    .map((segment) => segment.charAt(0).toUpperCase() + segment.slice(1).toLowerCase())
    .join('::');
}

/**
 * The PQL of `starter` with the parameters' values written in. Each value must pass
 * `parameterProblem` (what a user typed is checked before it reaches a query: a class name
 * cannot close the string it is written into).
 */
export function starterText(
  starter: StarterQuery,
  values: Readonly<Record<string, string>>,
  now: Date,
): string {
  for (const parameter of starter.parameters) {
    const problem = parameterProblem(parameter, values[parameter.name] ?? '');
    if (problem) throw new Error(`${starter.name}: ${parameter.name}: ${problem}`);
  }
  const trimmed = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, value.trim()]),
  );
  return starter.pql(trimmed, now);
}
