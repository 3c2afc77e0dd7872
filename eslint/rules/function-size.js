// A size limit per function that tells React components apart: `max-lines-per-function` has one limit for all.
// A component is a function with a PascalCase name in a .tsx file; its limit is `component`, any other function's
// `function`. Only lines that hold code count (not blank lines, not comment lines), so explaining code is free.
// Route tables and data literals are not functions and are not counted.
import path from 'node:path';

const PASCAL_CASE = /^[A-Z][A-Za-z0-9]*$/;

/** The name a function is known by: its own, or the variable, property or export it is assigned to. */
function functionName(node) {
  if (node.id?.name) return node.id.name;
  const parent = node.parent;
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return parent.id.name;
  if (
    (parent?.type === 'Property' || parent?.type === 'MethodDefinition') &&
    parent.key.type === 'Identifier'
  ) {
    return parent.key.name;
  }
  // memo(function Foo() {}), forwardRef((props, ref) => ...) assigned to a PascalCase name.
  if (parent?.type === 'CallExpression' && parent.parent?.type === 'VariableDeclarator') {
    const id = parent.parent.id;
    if (id.type === 'Identifier') return id.name;
  }
  return null;
}

function codeLines(sourceCode, node) {
  const lines = new Set();
  for (const token of sourceCode.getTokens(node)) {
    if (token.type === 'JSXText' && token.value.trim() === '') continue;
    for (let line = token.loc.start.line; line <= token.loc.end.line; line += 1) lines.add(line);
  }
  return lines.size;
}

export default {
  meta: {
    type: 'suggestion',
    docs: { description: 'Limits the code lines of React components and of other functions separately.' },
    schema: [
      {
        type: 'object',
        properties: { component: { type: 'integer', minimum: 1 }, function: { type: 'integer', minimum: 1 } },
        additionalProperties: false,
      },
    ],
    messages: {
      tooLong:
        "{{kind}} '{{name}}' has {{lines}} lines of code (at most {{max}}): split it into hooks and smaller parts.",
    },
  },
  create(context) {
    const { component = 150, function: plain = 80 } = context.options[0] ?? {};
    const isTsx = path.extname(context.filename) === '.tsx';
    const sourceCode = context.sourceCode;
    const check = (node) => {
      const name = functionName(node);
      const isComponent = isTsx && name !== null && PASCAL_CASE.test(name);
      const max = isComponent ? component : plain;
      const lines = codeLines(sourceCode, node);
      if (lines <= max) return;
      context.report({
        node,
        loc: node.loc.start,
        messageId: 'tooLong',
        data: { kind: isComponent ? 'Component' : 'Function', name: name ?? '(anonymous)', lines, max },
      });
    };
    return { FunctionDeclaration: check, FunctionExpression: check, ArrowFunctionExpression: check };
  },
};
