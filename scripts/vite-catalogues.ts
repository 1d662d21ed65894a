import type { Plugin } from 'vite';
import { compileCatalogue } from '../common/i18n/compile.js';

const CATALOGUE_FILE = /[\\/]common[\\/]i18n[\\/]catalogues[\\/][a-z-]+[\\/][a-z]+\.json$/;

/**
 * The message catalogues (common/i18n/catalogues/<area>/<language>.json) reach the client compiled:
 * each message is already parsed into Lingui's runtime form, so the page ships no message parser and
 * none of the catalogue's notes for translators. Runs before Vite's JSON plugin, which then makes the
 * compiled catalogue a module.
 */
export function compiledCatalogues(): Plugin {
  return {
    name: 'compiled-message-catalogues',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOGUE_FILE.test(id)) return null;
      return { code: JSON.stringify(compileCatalogue(JSON.parse(code) as Record<string, unknown>)), map: null };
    },
  };
}
