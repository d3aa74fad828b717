import type { Plugin } from 'esbuild';

export function importedByExtension(importer: string): boolean;
export const clientAsSeparateFile: Plugin;
