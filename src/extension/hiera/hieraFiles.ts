/**
 * Which files are Hiera's: a control repository's `hiera.yaml` (at a workspace folder's root) and
 * its data files. Small on purpose: the startup shell reads it to know when a data file in an
 * editor needs the extension (startup/startupShell.ts).
 */
import type * as vscode from 'vscode';

export const HIERA_CONFIG_FILE = 'hiera.yaml';

/** The data file extensions looked for under a datadir (the YAML, JSON and eyaml backends'). */
export const DATA_FILE_GLOB = '**/*.{yaml,yml,json,eyaml}';

/** Documents that may be Hiera data (the Hiera engine decides which are; others get no lens). */
export const DATA_FILES: vscode.DocumentSelector = [{ pattern: DATA_FILE_GLOB }];
