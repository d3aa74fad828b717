import type { Feature } from '../feature';
import { Commands } from '../ids';
import { registerGuardedCommand } from '../commands/registerGuardedCommand';
import type { Services } from '../services';
import { CellConnectionStatusBar } from './cellStatusBar';
import { exportCellResult } from './exportCellResult';
import { exportNotebookMarkdown } from './exportMarkdown';
import { openPqlAsNotebook } from './openAsNotebook';
import { PqlBookController } from './pqlBookController';
import { ReadOnlyUntilTrusted } from './readOnlyUntilTrusted';
import { rendererMessaging } from './rendererMessaging';

/** PQL notebooks (`.pqlbook`): the file format, the controller that runs cells, Open as Notebook. */
export function registerNotebooks(services: Services): Feature {
  const controller = new PqlBookController(services);
  return {
    disposables: [
      controller,
      rendererMessaging(services),
      new CellConnectionStatusBar(services).register(),
      new ReadOnlyUntilTrusted(services),
      registerGuardedCommand(services.errors, Commands.openAsNotebook, (argument?: unknown) =>
        openPqlAsNotebook(argument),
      ),
      registerGuardedCommand(services.errors, Commands.exportCellResult, (argument?: unknown) =>
        exportCellResult(services, argument),
      ),
      registerGuardedCommand(
        services.errors,
        Commands.exportNotebookMarkdown,
        (argument?: unknown) => exportNotebookMarkdown(argument),
      ),
    ],
  };
}
