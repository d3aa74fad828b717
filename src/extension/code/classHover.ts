import * as vscode from 'vscode';
import { Commands } from '../ids';
import { encodedCommandArguments } from '../markdownLinks';
import type { Services } from '../services';
import { countingHover } from './countingLenses';
import type { FleetCounter } from './fleetCounts';
import { countsLabel, unreachableLabel } from './fleetLabels';
import { classReferenceAt } from './puppetDefinitions';
import { normaliseClassTitle } from '../fleet/resourceRef';

/** Hover on a class used by `include`/`contain`/`require`/`class { 'x': }`: its fleet counts. */
export function classHover(services: Services, counter: FleetCounter): vscode.HoverProvider {
  return countingHover(services, async (document, position, connectionId) => {
    const reference = classReferenceAt(document.lineAt(position.line).text, position.character);
    if (!reference) return undefined;
    const range = new vscode.Range(position.line, reference.start, position.line, reference.end);
    const title = `Class[${normaliseClassTitle(reference.name)}]`;
    const markdown = new vscode.MarkdownString();
    markdown.appendMarkdown('**');
    markdown.appendText(title);
    markdown.appendMarkdown('** ');
    try {
      const counts = await counter.count(connectionId, { kind: 'class', name: reference.name });
      markdown.appendText(countsLabel(counts));
      if (counts.nodes > 0) {
        const argument = encodedCommandArguments([
          { connectionId, kind: 'class', name: reference.name },
        ]);
        markdown.appendMarkdown(
          `\n\n[${vscode.l10n.t('Show nodes')}](command:${Commands.showNodesApplying}?${argument})`,
        );
        markdown.isTrusted = { enabledCommands: [Commands.showNodesApplying] };
      }
    } catch {
      markdown.appendText(unreachableLabel());
    }
    return new vscode.Hover(markdown, range);
  });
}
