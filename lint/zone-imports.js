// One ESLint rule for the folder boundaries of DESIGN.md. Unlike `no-restricted-imports`, it sees every
// form an import can take (static, `export … from`, `import()`, `import('…').T` in types,
// `import x = require(…)`), and it resolves relative paths against the file, so a zone is a list of
// folders a module may reach rather than a list of folder names it must not mention.
import { dirname, relative, resolve, sep } from 'node:path';

const optionsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    // Repository-relative folders (or files) that relative imports must resolve into.
    folders: { type: 'array', items: { type: 'string' } },
    folderMessage: { type: 'string' },
    // Paths inside those folders that are still off limits.
    except: { type: 'array', items: { type: 'string' } },
    exceptMessage: { type: 'string' },
    // Package specifiers (regular expressions) that are off limits.
    packages: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        properties: { regex: { type: 'string' }, message: { type: 'string' } },
        required: ['regex', 'message'],
      },
    },
  },
};

/** @param {string} path @param {string} folder */
const isInside = (path, folder) =>
  path === folder || path.startsWith(folder + sep) || path.startsWith(folder + '.');

/** @type {import('eslint').Rule.RuleModule} */
export const zoneImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep every kind of import inside the folders and packages a zone may use.' },
    schema: [optionsSchema],
    messages: {
      boundary: '{{message}} ("{{source}}")',
      computed: 'import() of a computed path: its target cannot be checked against this folder’s boundary.',
    },
  },
  create(context) {
    const {
      folders,
      folderMessage = '',
      except = [],
      exceptMessage = '',
      packages = [],
    } = context.options[0] ?? {};
    const root = context.cwd;
    const fileDir = dirname(resolve(root, context.filename));
    const packageRules = packages.map(({ regex, message }) => ({ pattern: new RegExp(regex), message }));

    /** @param {import('estree').Node} node @param {string} source */
    function check(node, source) {
      const report = (message) => context.report({ node, messageId: 'boundary', data: { message, source } });
      if (source.startsWith('.') || source.startsWith('/')) {
        const target = relative(root, resolve(fileDir, source));
        if (folders && !folders.some((folder) => isInside(target, folder))) report(folderMessage);
        else if (except.some((folder) => isInside(target, folder))) report(exceptMessage);
        return;
      }
      const denied = packageRules.find(({ pattern }) => pattern.test(source));
      if (denied) report(denied.message);
    }

    /** The text of a string literal or of a template literal without expressions, else null. */
    function staticText(node) {
      if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
      if (node?.type === 'TemplateLiteral' && node.expressions.length === 0)
        return node.quasis[0].value.cooked;
      return null;
    }

    const fromSource = (node) => {
      if (node.source) check(node, node.source.value);
    };
    return {
      ImportDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ImportExpression(node) {
        const text = staticText(node.source);
        if (text === null) context.report({ node, messageId: 'computed' });
        else check(node, text);
      },
      TSImportType(node) {
        // typescript-eslint 8 spells the specifier `argument` (a literal type); later versions `source`.
        const text = staticText(node.source ?? node.argument?.literal);
        if (text !== null) check(node, text);
      },
      TSExternalModuleReference(node) {
        const text = staticText(node.expression);
        if (text !== null) check(node, text);
      },
    };
  },
};

export default { rules: { 'zone-imports': zoneImports } };
