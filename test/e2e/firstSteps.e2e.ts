/**
 * End to end in headless Chromium: a user's first steps, in one workbench on a workspace with no
 * connection (dark theme), reset between the sections as resetWorkbench does:
 * - firstSteps/l10n.ts: the manifest's and the extension's words, never a "%key%";
 * - firstSteps/walkthrough.ts: the walkthrough's steps, and the palette following the connections;
 * - firstSteps/connectionForm.ts: the connection form as a user drives it.
 * Each section was a script with a VS Code of its own; sharing one spares two VS Code starts.
 * The walkthrough ends with its connection removed, so the form starts with none too.
 *
 *   node --import tsx test/e2e/firstSteps.e2e.ts [--state-dir .work/puppetdb-test]
 */
import { connectionFormSection } from './firstSteps/connectionForm';
import { l10nSection } from './firstSteps/l10n';
import { walkthroughSection } from './firstSteps/walkthrough';
import { e2eArguments, withWorkbenchInSections, type SectionCheck } from './support/workbench';

async function main(): Promise<void> {
  const { screenshots } = e2eArguments();
  let passed = 0;
  const check: SectionCheck = async (name, assertion) => {
    await assertion();
    passed++;
    console.log(`  ✔ ${name}`);
  };
  await withWorkbenchInSections(
    { name: 'first-steps', theme: 'Default Dark Modern', settings: {}, screenshots },
    [
      l10nSection(screenshots, check),
      walkthroughSection(screenshots, check),
      connectionFormSection(screenshots, check),
    ],
  );
  console.log(`e2e first steps: ${passed} passed, 0 failed`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
