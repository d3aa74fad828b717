import * as vscode from 'vscode';
import { inert } from '../inertText';
import type { SectionNames } from './nodeSection';

/**
 * What each section of a node is called, in the order PuppetNodeNode lists them: `key` among its
 * siblings (the same in every language), `label`, the progress title of its requests and, for a
 * paged section, what one page is called when a server sends more than was asked for.
 */
export const nodeSectionNames = {
  facts: (certname: string) => ({
    key: 'Facts',
    label: vscode.l10n.t('Facts'),
    loading: vscode.l10n.t('Loading the facts of {0}…', inert(certname)),
    page: vscode.l10n.t('A page of facts'),
  }),
  resources: (certname: string) => ({
    key: 'Resources',
    label: vscode.l10n.t('Resources'),
    loading: vscode.l10n.t('Loading the resources of {0}…', inert(certname)),
  }),
  reports: (certname: string) => ({
    key: 'Reports',
    label: vscode.l10n.t('Reports'),
    loading: vscode.l10n.t('Loading the reports of {0}…', inert(certname)),
    page: vscode.l10n.t('A page of reports'),
  }),
  packages: (certname: string) => ({
    key: 'Packages',
    label: vscode.l10n.t('Packages'),
    loading: vscode.l10n.t('Loading the packages of {0}…', inert(certname)),
    page: vscode.l10n.t('A page of packages'),
  }),
} satisfies Record<string, (certname: string) => SectionNames>;
