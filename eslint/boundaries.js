/**
 * Import boundaries of the client (docs/architecture.md):
 * - a feature (src/client/features/<name>/) imports components/, lib/, hooks/, #shared/* and its
 *   own files; another feature only through that feature's index.ts;
 * - nothing in a feature imports pages/, layout/ or the app's entry files;
 * - components/, lib/ and hooks/ never import a feature or a page (they sit below them).
 */
import { dirname, relative, resolve, sep } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const CLIENT = resolve(ROOT, 'src/client');

/** The client-relative path an import points to, or null when it leaves the client. */
function target(file, source) {
  let abs;
  if (source.startsWith('#client/')) abs = resolve(CLIENT, source.slice('#client/'.length));
  else if (source.startsWith('.')) abs = resolve(dirname(file), source);
  else return null;
  const rel = relative(CLIENT, abs);
  return rel.startsWith('..') ? null : rel.split(sep).join('/');
}

const ENTRY_FILES = new Set(['App.tsx', 'main.tsx', 'routes.tsx']);

/** @type {import('eslint').Rule.RuleModule} */
const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep client features apart (see docs/architecture.md)' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const here = relative(CLIENT, file).split(sep).join('/');
    if (here.startsWith('..')) return {};
    const [top, feature] = here.split('/');
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const to = target(file, source);
      if (!to) return;
      const [toTop, toFeature, ...rest] = to.split('/');
      if (top === 'features') {
        if (toTop === 'features' && toFeature !== feature && rest.join('/') !== 'index.ts') {
          context.report({
            node,
            message: `features/${feature} may use features/${toFeature} only through its index.ts`,
          });
        }
        if (toTop === 'pages' || toTop === 'layout' || ENTRY_FILES.has(to)) {
          context.report({ node, message: `a feature must not import ${to}` });
        }
      }
      if (
        ['components', 'lib', 'hooks'].includes(top) &&
        ['features', 'pages', 'layout'].includes(toTop)
      ) {
        context.report({
          node,
          message: `${top}/ sits below features and pages: it must not import ${to}`,
        });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries } };
