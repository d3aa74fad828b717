import type { Feature } from '../feature';
import { registerGuardedCommand } from '../commands/registerGuardedCommand';
import { Commands } from '../ids';
import { findPackages } from './findPackages';
import type { Services } from '../services';

/**
 * "Find Packages…": which nodes hold a package, by version (a quick pick, exported on demand).
 * An argument never chooses the file it writes.
 */
export function registerPackages(services: Services): Feature {
  return {
    disposables: [
      registerGuardedCommand(services.errors, Commands.findPackages, (argument?: unknown) => {
        if (typeof argument === 'object' && argument !== null && 'exportTo' in argument) {
          services.log.warn(
            'Find Packages ignored "exportTo": a command argument never chooses a file to write; the list\'s Save button asks where.',
          );
        }
        return findPackages(services, argument);
      }),
    ],
  };
}
