import { registerGuardedCommand } from '../commands/registerGuardedCommand';
import type { Feature } from '../feature';
import { Commands } from '../ids';
import type { Services } from '../services';
import { findNodesWithResource } from './findNodesWithResource';
import { showEnvironment } from './showEnvironment';

/** Questions about the whole fleet: which nodes hold a resource, one environment's nodes. */
export function registerFleet(services: Services): Feature {
  return {
    disposables: [
      registerGuardedCommand(
        services.errors,
        Commands.findNodesWithResource,
        (argument?: unknown) => findNodesWithResource(services, argument),
      ),
      registerGuardedCommand(services.errors, Commands.showEnvironment, (argument?: unknown) =>
        showEnvironment(services, argument),
      ),
    ],
  };
}
