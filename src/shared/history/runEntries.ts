/**
 * A run's detail as the comparisons read it: its resource events, logs and metrics, in the shape
 * PuppetDB returns them (report `resource_events`, `logs`, `metrics`, or the events endpoint).
 */

export interface RunEvent {
  resource_type: string;
  resource_title: string;
  /** success, failure, noop or skipped. */
  status: string;
  property?: string | null;
  message?: string | null;
  corrective_change?: boolean | null;
}

export interface RunLog {
  level: string;
  message: string;
  source?: string | null;
}

export interface RunMetric {
  category: string;
  name: string;
  value: number;
}

export interface RunDetail {
  events: readonly RunEvent[];
  logs: readonly RunLog[];
  metrics: readonly RunMetric[];
}

/** `Type[title]`, how Puppet names a resource. */
export function resourceKey(event: Pick<RunEvent, 'resource_type' | 'resource_title'>): string {
  return `${event.resource_type}[${event.resource_title}]`;
}
