/** Node scopes for the Hiera tests: what the host builds from a node's facts in PuppetDB. */
import type { NodeScope } from '../../../../src/shared/hiera';

export function nodeScope(
  certname: string,
  facts: Record<string, unknown> = {},
  environment = 'production',
): NodeScope {
  const trusted = {
    certname,
    domain: 'example.com',
    extensions: { pp_role: 'web' },
    ...((facts.trusted as Record<string, unknown> | undefined) ?? {}),
  };
  return {
    certname,
    environment,
    facts: { ...facts, trusted },
    trusted,
    serverFacts: { servername: 'puppet.example.com', environment },
  };
}
