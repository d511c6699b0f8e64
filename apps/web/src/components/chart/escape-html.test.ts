import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { HOSTILE_MARKUP, expectShownAsText } from '@/testing/hostile-markup';
import { escapeHtml } from './escape-html';

const SRC = path.resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'testing' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** An interpolation HTML may take as is: our escaping, a literal, or the marker ECharts builds itself. */
function isSafe(expr: ts.Expression): boolean {
  if (ts.isParenthesizedExpression(expr)) return isSafe(expr.expression);
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return true;
  if (ts.isConditionalExpression(expr)) return isSafe(expr.whenTrue) && isSafe(expr.whenFalse);
  if (ts.isCallExpression(expr) && ts.isIdentifier(expr.expression))
    return expr.expression.text === 'escapeHtml';
  return ts.isPropertyAccessExpression(expr) && expr.name.text === 'marker';
}

const propertyName = (node: ts.Node) =>
  ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) ? node.name.text : null;

/** Inside `tooltip: { formatter: … }`, whose answer ECharts sets as the tooltip's HTML. */
function inTooltipFormatter(node: ts.Node): boolean {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (propertyName(n) === 'formatter') {
      const owner = n.parent.parent;
      return owner !== undefined && propertyName(owner) === 'tooltip';
    }
  }
  return false;
}

/**
 * Template literals that build chart HTML (a tag in their text, ECharts' marker, or anywhere in a tooltip
 * formatter) and interpolate something not passed through escapeHtml.
 */
function unescapedInterpolations(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isTemplateExpression(node)) {
      const texts = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
      const html =
        texts.some((t) => /<\/?[a-z]/i.test(t)) ||
        node.templateSpans.some(
          (s) => ts.isPropertyAccessExpression(s.expression) && s.expression.name.text === 'marker',
        ) ||
        inTooltipFormatter(node);
      if (html) {
        for (const span of node.templateSpans) {
          if (!isSafe(span.expression)) {
            const { line } = source.getLineAndCharacterOfPosition(span.expression.getStart());
            found.push(`${path.relative(SRC, file)}:${line + 1} \${${span.expression.getText()}}`);
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('escapeHtml', () => {
  it.each(HOSTILE_MARKUP)('turns %s into text that parses to no element', (payload) => {
    expectShownAsText(`<b>${escapeHtml(payload)}</b>`, payload);
  });

  it('escapes quotes, so a value cannot leave an attribute', () => {
    const box = document.createElement('div');
    box.innerHTML = `<span title="${escapeHtml('x" onmouseover="alert(1)')}">t</span>`;
    const span = box.querySelector('span')!;
    expect(span.getAttributeNames()).toEqual(['title']);
    expect(span.title).toBe('x" onmouseover="alert(1)');
    expect(escapeHtml(`a&b'c"`)).toBe('a&amp;b&#39;c&quot;');
  });

  it('shows numbers as they are and nothing for a missing value', () => {
    expect(escapeHtml(12.5)).toBe('12.5');
    expect(escapeHtml(null)).toBe('');
    expect(escapeHtml(undefined)).toBe('');
  });

  it('is used by every template literal in the web app that builds chart HTML', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap(unescapedInterpolations)).toEqual([]);
  });
});
