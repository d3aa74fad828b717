/**
 * In a Hiera data file of the workspace: a lens at its top "read by 312 nodes (production 300,
 * staging 12)" whose click lists them, the same on a hover of its first line, and on a hover of a
 * top-level key a link to look the key up across the fleet. Files no node reads say so.
 */
import * as vscode from 'vscode';
import { CountingLensProvider, countingHover } from '../code/countingLenses';
import { unreachableLabel } from '../code/fleetLabels';
import { Commands } from '../ids';
import { inert, type InertText } from '../inertText';
import { encodedCommandArguments } from '../markdownLinks';
import type { Services } from '../services';
import { keyAt } from './dataFileKeys';
import type { Readers } from './hieraAnswers';
import type { HieraFleet } from './hieraFleet';

/** What a lens's and a hover's click runs with: a connection and a data file of the workspace. */
export interface ReadersTarget {
  connectionId: string;
  file: string;
}

/** "read by 312 nodes (production 300, staging 12)"; a file nobody reads says so plainly. */
export function readersLabel(readers: Readers): InertText {
  const count = readers.certnames.length;
  if (count === 0) return vscode.l10n.t('read by no node') as InertText;
  const environments = inert(
    readers.byEnvironment
      .map(
        ({ environment, count }) => `${environment} ${count.toLocaleString(vscode.env.language)}`,
      )
      .join(', '),
  );
  return (
    count === 1
      ? vscode.l10n.t('read by 1 node ({0})', environments)
      : vscode.l10n.t(
          'read by {0} nodes ({1})',
          count.toLocaleString(vscode.env.language),
          environments,
        )
  ) as InertText;
}

class ReadersLens extends vscode.CodeLens {
  constructor(
    readonly uri: vscode.Uri,
    readonly connectionId: string,
  ) {
    super(new vscode.Range(0, 0, 0, 0));
  }
}

export class DataFileLensProvider extends CountingLensProvider<ReadersLens> {
  constructor(
    services: Services,
    private readonly fleet: HieraFleet,
  ) {
    super(services);
  }

  protected async lensesOf(
    document: vscode.TextDocument,
    connectionId: string,
  ): Promise<ReadersLens[]> {
    const found = await this.fleet.workspace.dataFileAt(document.uri);
    if (!found?.code.config) return [];
    return [new ReadersLens(document.uri, connectionId)];
  }

  protected async commandOf(lens: ReadersLens): Promise<vscode.Command> {
    const found = await this.fleet.readersOf(lens.connectionId, lens.uri);
    return {
      title: found ? readersLabel(found.readers) : vscode.l10n.t('read by no node'),
      tooltip: vscode.l10n.t('List the nodes whose Hiera hierarchy selects this file'),
      command: Commands.showHieraReaders,
      arguments: [
        { connectionId: lens.connectionId, file: lens.uri.toString() } satisfies ReadersTarget,
      ],
    };
  }

  protected counted(lens: ReadersLens): string {
    return `reading ${lens.uri.path}`;
  }
}

/** The first line: who reads the file; a top-level key: a link to look it up across the fleet. */
export function dataFileHover(services: Services, fleet: HieraFleet): vscode.HoverProvider {
  return countingHover(services, async (document, position, connectionId) => {
    const found = await fleet.workspace.dataFileAt(document.uri);
    if (!found?.code.config) return undefined;
    const kind = document.uri.path.endsWith('.json') ? 'json' : 'yaml';
    const key = keyAt(document.getText(), position.line, kind);
    const onKey = key?.line === position.line;
    if (position.line !== 0 && !onKey) return undefined;
    const markdown = new vscode.MarkdownString();
    const commands: string[] = [];
    const file = document.uri.toString();
    if (onKey) {
      markdown.appendMarkdown(`${vscode.l10n.t('Hiera key')} **`);
      markdown.appendText(key.key);
      markdown.appendMarkdown('**\n\n');
      const argument = encodedCommandArguments([{ connectionId, file, key: key.key }]);
      markdown.appendMarkdown(
        `[${vscode.l10n.t('Look Up This Key Across the Fleet')}](command:${Commands.lookUpKeyAcrossFleet}?${argument})\n\n`,
      );
      commands.push(Commands.lookUpKeyAcrossFleet);
    }
    try {
      const readers = await fleet.readersOf(connectionId, document.uri);
      markdown.appendText(
        vscode.l10n.t(
          'This data file is {0}.',
          readers ? readersLabel(readers.readers) : vscode.l10n.t('read by no node'),
        ),
      );
      if (readers && readers.readers.certnames.length > 0) {
        const argument = encodedCommandArguments([{ connectionId, file } satisfies ReadersTarget]);
        markdown.appendMarkdown(
          `\n\n[${vscode.l10n.t('Show nodes')}](command:${Commands.showHieraReaders}?${argument})`,
        );
        commands.push(Commands.showHieraReaders);
      }
    } catch {
      markdown.appendText(unreachableLabel());
    }
    markdown.isTrusted = { enabledCommands: commands };
    const range = onKey
      ? new vscode.Range(key.line, key.start, key.line, key.end)
      : document.lineAt(0).range;
    return new vscode.Hover(markdown, range);
  });
}
