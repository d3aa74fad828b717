/**
 * A catalog of `resources` resources for bench:memory's graph (a node of its own, deactivated
 * again at the end): classes of 50 files each, every file contained by its class and ordered
 * before the next one, so it has about twice as many edges as resources, as bench:webviews' graphs.
 */
import type { CatalogPayload, WireEdge, WireResource } from '../../test/fixtures/fleet/catalog';

const PER_CLASS = 50;

export function bigCatalog(certname: string, resources: number): CatalogPayload {
  const stage = { type: 'Stage', title: 'main' };
  const wire: WireResource[] = [resource(stage.type, stage.title)];
  const edges: WireEdge[] = [];
  const classes = Math.ceil((resources - 1) / (PER_CLASS + 1));
  let made = 1;
  for (let index = 0; index < classes && made < resources; index++) {
    const owner = { type: 'Class', title: `Profile::Bench${index}` };
    wire.push(resource(owner.type, owner.title));
    edges.push({ source: stage, target: owner, relationship: 'contains' });
    made++;
    let previous: { type: string; title: string } | undefined;
    for (let file = 0; file < PER_CLASS && made < resources; file++, made++) {
      const member = { type: 'File', title: `/srv/bench/${index}/${file}` };
      wire.push(resource(member.type, member.title));
      edges.push({ source: owner, target: member, relationship: 'contains' });
      if (previous) edges.push({ source: previous, target: member, relationship: 'before' });
      previous = member;
    }
  }
  const now = new Date().toISOString();
  return {
    certname,
    version: String(Date.now()),
    environment: 'production',
    transaction_uuid: crypto.randomUUID(),
    catalog_uuid: crypto.randomUUID(),
    code_id: null,
    job_id: null,
    producer_timestamp: now,
    producer: 'puppet.example.com',
    edges,
    resources: wire,
  };
}

function resource(type: string, title: string): WireResource {
  return { type, title, exported: false, tags: [type.toLowerCase()], parameters: {} };
}

/** Submits a command and waits until PuppetDB has processed it. */
export async function submit(
  baseUrl: string,
  command: 'replace_catalog' | 'deactivate_node',
  version: number,
  certname: string,
  payload: unknown,
): Promise<void> {
  const search = new URLSearchParams({
    command,
    version: String(version),
    certname,
    secondsToWaitForCompletion: '120',
  });
  const response = await fetch(`${baseUrl}/pdb/cmd/v1?${search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  const text = await response.text();
  if (!response.ok || !(JSON.parse(text) as { processed?: boolean }).processed) {
    throw new Error(`${command} ${certname}: HTTP ${response.status} ${text}`);
  }
}
