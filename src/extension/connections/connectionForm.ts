/**
 * Add / Edit Connection: URL, name, server certificate (https only), authentication and what that
 * authentication needs, one quick input per step with Back. Editing keeps a stored secret unless
 * the user chooses to replace it, and never shows it.
 */
import * as vscode from 'vscode';
import { inert } from '../inertText';
import type { ConnectionSettings } from '../settings';
import { currentAuth, type Auth, type ConnectionFormResult } from './connectionChange';
import { urlProblem } from './credentialChecks';
import { runSteps, type BACK, type CANCEL, type Step, type StepUi } from './multiStepInput';
import { pemFileProblem, pickFile } from './pemFileStep';
import { confirmClearText } from './saveConnection';
import { clearTextRiskOf, failoverUrlsOf, parseUrlList, sameServerOrigins } from './serverUrls';

type StepName =
  | 'url'
  | 'failover'
  | 'name'
  | 'ca'
  | 'verify'
  | 'auth'
  | 'cert'
  | 'key'
  | 'token'
  | 'username'
  | 'password';

/** What the edited connection had stored, without the values: the form never shows a secret. */
export interface StoredSecrets {
  token: boolean;
  password: boolean;
}

interface Draft {
  url: string;
  /** The failover servers after `url`, in order. */
  failoverUrls: string[];
  name: string;
  caFile: string;
  verifyTls: boolean;
  auth: Auth;
  certFile: string;
  keyFile: string;
  username: string;
  /** undefined: keep the stored one (edit only) */
  token?: string;
  password?: string;
}

/** Whether to verify the server's certificate, worded in VS Code's display language. */
const verifyItems = (): ReadonlyArray<vscode.QuickPickItem & { verify: boolean }> => [
  { label: vscode.l10n.t('Verify the server certificate (recommended)'), verify: true },
  {
    label: vscode.l10n.t('Do not verify'),
    description: vscode.l10n.t('anyone on the path can pose as PuppetDB'),
    verify: false,
  },
];

/** The authentication choices, worded in VS Code's display language. */
const authItems = (): ReadonlyArray<vscode.QuickPickItem & { auth: Auth }> => [
  {
    label: vscode.l10n.t('None'),
    description: vscode.l10n.t('PuppetDB answers without credentials'),
    auth: 'none',
  },
  {
    label: vscode.l10n.t('Client certificate'),
    description: vscode.l10n.t('certificate + key files (PuppetDB over HTTPS)'),
    auth: 'certificate',
  },
  {
    label: vscode.l10n.t('Token'),
    description: vscode.l10n.t('Puppet Enterprise RBAC token, kept in the OS keychain'),
    auth: 'token',
  },
  {
    label: vscode.l10n.t('User name and password'),
    description: vscode.l10n.t(
      'HTTP basic authentication through a proxy; the password goes to the OS keychain',
    ),
    auth: 'basic',
  },
];

/** Asks, step by step, for what a connection needs; undefined when the user cancels. */
export async function connectionForm(
  existing?: ConnectionSettings,
  stored: StoredSecrets = { token: false, password: false },
): Promise<ConnectionFormResult | undefined> {
  const draft: Draft = {
    url: existing?.url ?? 'http://localhost:8080',
    failoverUrls: existing ? failoverUrlsOf(existing) : [],
    name: existing?.name ?? '',
    caFile: existing?.caFile ?? '',
    verifyTls: existing?.verifyTls !== false,
    auth: existing ? currentAuth(existing, stored) : 'none',
    certFile: existing?.certFile ?? '',
    keyFile: existing?.keyFile ?? '',
    username: existing?.username ?? '',
  };
  // a stored secret belongs to the servers it was given for; another origin asks for it again
  const canKeep = (kind: keyof StoredSecrets) =>
    Boolean(existing && stored[kind] && sameServerOrigins(existing, serversOf(draft)));
  const isHttps = () => draft.url.startsWith('https:');
  /** A step that asks for one text: the answer, trimmed, goes into the draft's `field`; then `next()`. */
  const textStep =
    (
      field: TextField,
      next: () => StepName | 'done',
      ask: (ui: StepUi) => Promise<string | Flow>,
    ): Step<StepName> =>
    async (ui) => {
      const value = await ask(ui);
      if (typeof value !== 'string') return value;
      draft[field] = value.trim();
      return next();
    };
  /** A step that picks one of `items()`, the draft's current choice active; `keep` names the next. */
  const choiceStep =
    <T extends vscode.QuickPickItem>(
      step: string,
      items: () => readonly T[],
      isCurrent: (item: T) => boolean,
      keep: (item: T) => StepName | 'done',
    ): Step<StepName> =>
    async (ui) => {
      const picked = await pickCurrent(ui, step, items(), isCurrent);
      return typeof picked === 'symbol' ? picked : keep(picked);
    };
  /** A PEM file's step: the path goes into the draft's `field`; then `next`. */
  const pemStep = (field: PemField, next: StepName | 'done', ask: Omit<PemAsk, 'value'>) =>
    textStep(
      field,
      () => next,
      (ui) => pemPathInput(ui, { ...ask, value: draft[field] }),
    );

  const steps: Record<StepName, Step<StepName>> = {
    url: textStep(
      'url',
      () => 'failover',
      (ui) =>
        ui.input({
          step: vscode.l10n.t('URL'),
          prompt: vscode.l10n.t('Where PuppetDB answers, e.g. https://puppetdb.example.com:8081'),
          value: draft.url,
          validate: urlProblem,
        }),
    ),
    failover: async (ui) => {
      const value = await ui.input({
        step: vscode.l10n.t('Failover servers (optional)'),
        prompt: vscode.l10n.t(
          'Other PuppetDB servers on the same database, tried in order when the first does not answer; comma-separated, e.g. {0}. Leave empty for none.',
          'https://puppetdb2.example.com:8081',
        ),
        value: draft.failoverUrls.join(', '),
        validate: (input) => {
          const parsed = parseUrlList(input);
          return 'problem' in parsed ? parsed.problem : undefined;
        },
      });
      if (typeof value !== 'string') return value;
      const parsed = parseUrlList(value);
      draft.failoverUrls = 'urls' in parsed ? parsed.urls : [];
      return 'name';
    },
    name: textStep(
      'name',
      () => (isHttps() ? 'ca' : 'auth'),
      (ui) =>
        ui.input({
          step: vscode.l10n.t('Name'),
          prompt: vscode.l10n.t('How the connection is shown in the explorer and the status bar'),
          value: draft.name || new URL(draft.url).hostname,
          validate: (input) => (input.trim() ? undefined : vscode.l10n.t('A name is needed')),
        }),
    ),
    ca: pemStep('caFile', 'verify', {
      step: vscode.l10n.t('CA certificate'),
      prompt: vscode.l10n.t(
        'The CA certificate (PEM) that signed the server certificate; empty for the system CAs',
      ),
      kind: 'CA certificate',
      required: false,
    }),
    verify: choiceStep(
      vscode.l10n.t('Server certificate'),
      verifyItems,
      (item) => item.verify === draft.verifyTls,
      (item) => {
        draft.verifyTls = item.verify;
        return 'auth';
      },
    ),
    auth: async (ui) => {
      for (;;) {
        const items = authItems();
        const picked = await pickCurrent(
          ui,
          vscode.l10n.t('Authentication'),
          items,
          (item) => item.auth === draft.auth,
        );
        if (typeof picked === 'symbol') return picked;
        draft.auth = picked.auth;
        const secret = picked.auth === 'token' ? 'token' : 'password';
        const risk =
          picked.auth === 'token' || picked.auth === 'basic'
            ? clearTextRiskOf(serversOf(draft), [secret])
            : undefined;
        // asked before the secret is typed; declining shows the choice again (or Back to the URL)
        if (risk && !(await confirmClearText(risk))) continue;
        switch (picked.auth) {
          case 'none':
            return 'done';
          case 'certificate':
            return 'cert';
          case 'token':
            return 'token';
          case 'basic':
            return 'username';
          default:
            return unreachable(picked.auth);
        }
      }
    },
    cert: pemStep('certFile', 'key', {
      step: vscode.l10n.t('Client certificate'),
      prompt: vscode.l10n.t('The client certificate (PEM) that PuppetDB trusts'),
      kind: 'client certificate',
      required: true,
    }),
    key: pemStep('keyFile', 'done', {
      step: vscode.l10n.t('Client private key'),
      prompt: vscode.l10n.t('The private key (PEM) of the client certificate'),
      kind: 'client key',
      required: true,
    }),
    token: async (ui) => {
      const secret = await secretInput(ui, {
        kind: 'token',
        keep: canKeep('token'),
        step: vscode.l10n.t('Token'),
        prompt: vscode.l10n.t('The RBAC token (puppet access show); it goes to the OS keychain'),
      });
      if (typeof secret === 'symbol') return secret;
      draft.token = secret ?? undefined;
      return 'done';
    },
    username: textStep(
      'username',
      () => 'password',
      (ui) =>
        ui.input({
          step: vscode.l10n.t('User name'),
          value: draft.username,
          validate: (input) => (input.trim() ? undefined : vscode.l10n.t('A user name is needed')),
        }),
    ),
    password: async (ui) => {
      const secret = await secretInput(ui, {
        kind: 'password',
        keep: canKeep('password') && draft.username === (existing?.username ?? ''),
        step: vscode.l10n.t('Password'),
        prompt: vscode.l10n.t(
          'The password of {0}; it goes to the OS keychain',
          inert(draft.username),
        ),
      });
      if (typeof secret === 'symbol') return secret;
      draft.password = secret ?? undefined;
      return 'done';
    },
  };

  const title = existing
    ? vscode.l10n.t('Edit {0}', inert(existing.name))
    : vscode.l10n.t('Add PuppetDB Connection');
  if (!(await runSteps(steps, 'url', title))) return undefined;
  return resultOf(draft, existing);
}

function resultOf(draft: Draft, existing: ConnectionSettings | undefined): ConnectionFormResult {
  const https = draft.url.startsWith('https:');
  const connection: ConnectionSettings = {
    ...existing,
    id: existing?.id ?? newId(),
    name: draft.name,
    url: draft.url,
    serverUrls: failoverUrlsOf(serversOf(draft)),
    caFile: https ? draft.caFile || undefined : undefined,
    verifyTls: https ? draft.verifyTls : undefined,
    certFile: draft.certFile || undefined,
    keyFile: draft.keyFile || undefined,
    username: draft.username || undefined,
  };
  const secrets: ConnectionFormResult['secrets'] = {};
  if (draft.auth === 'token' && draft.token !== undefined) secrets.token = draft.token;
  if (draft.auth === 'basic' && draft.password !== undefined) secrets.password = draft.password;
  return { connection, secrets, auth: draft.auth };
}

/** The draft's servers as a connection holds them: `url`, then the failover servers. */
function serversOf(draft: Draft): Pick<ConnectionSettings, 'url' | 'serverUrls'> {
  return { url: draft.url, serverUrls: draft.failoverUrls };
}

/** A secret step: typing a new one, or (editing) keeping the stored one without showing it. */
async function secretInput(
  ui: StepUi,
  options: { kind: 'token' | 'password'; keep: boolean; step: string; prompt: string },
): Promise<string | null | typeof BACK | typeof CANCEL> {
  if (options.keep) {
    const words =
      options.kind === 'token'
        ? {
            keep: vscode.l10n.t('Keep the stored token'),
            replace: vscode.l10n.t('Replace the token…'),
          }
        : {
            keep: vscode.l10n.t('Keep the stored password'),
            replace: vscode.l10n.t('Replace the password…'),
          };
    const keep = { label: words.keep, keep: true };
    const replace = { label: words.replace, keep: false };
    const picked = await ui.pick({ step: options.step, items: [keep, replace], active: keep });
    if (typeof picked === 'symbol') return picked;
    if (picked.keep) return null;
  }
  const value = await ui.input({
    step: options.step,
    prompt: options.prompt,
    password: true,
    validate: (input) =>
      options.kind === 'token' && !input.trim() ? vscode.l10n.t('A token is needed') : undefined,
  });
  return typeof value === 'string' && options.kind === 'token' ? value.trim() : value;
}

/** A path step with a Browse… button, whose file is read and checked as PEM on Enter. */
type Flow = typeof BACK | typeof CANCEL;
type PemField = 'caFile' | 'certFile' | 'keyFile';
/** The draft's fields a step fills with text. */
type TextField = 'url' | 'name' | 'username' | PemField;

/** A pick among `items`, the draft's current choice (`isCurrent`) active. */
function pickCurrent<T extends vscode.QuickPickItem>(
  ui: StepUi,
  step: string,
  items: readonly T[],
  isCurrent: (item: T) => boolean,
): Promise<T | Flow> {
  return ui.pick({ step, items, active: items.find(isCurrent) });
}

/** What a PEM file's step asks, and the path it had. */
interface PemAsk {
  step: string;
  prompt: string;
  value: string;
  kind: 'CA certificate' | 'client certificate' | 'client key';
  required: boolean;
}

function pemPathInput(ui: StepUi, options: PemAsk): Promise<string | typeof BACK | typeof CANCEL> {
  return ui
    .input({
      step: options.step,
      prompt: vscode.l10n.t('{0} — type a path or Browse…', options.prompt),
      value: options.value,
      placeholder: options.required
        ? vscode.l10n.t('/path/to/file.pem')
        : vscode.l10n.t('empty: the system CAs'),
      validate: (input) =>
        options.required && !input.trim()
          ? vscode.l10n.t('The {0} file is needed', options.kind)
          : undefined,
      validateOnAccept: async (input) =>
        input.trim() ? pemFileProblem(input.trim(), options.kind) : undefined,
      browse: {
        tooltip: vscode.l10n.t('Browse for the {0} file…', options.kind),
        pick: (current) => pickFile(options.kind, current),
      },
    })
    .then((value) => (typeof value === 'string' ? value.trim() : value));
}

function unreachable(value: never): never {
  throw new Error(`Unexpected authentication ${String(value)}`);
}

function newId(): string {
  return `pdb-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}
