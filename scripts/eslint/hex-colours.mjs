// The lint's guard of the design tokens: a raw hex colour (#f5a623) outside
// packages/web-kit/src/theme/tokens.ts is refused, in TypeScript and in CSS. Colours come from the
// tokens: `var(--marigold)` in a stylesheet, `colors.marigold` (or the staff area's `palette`) in
// code. See docs/design-tokens.md.

/** `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`, not part of a word or an HTML entity (`&#123;`). */
const HEX_COLOUR = '(?<![&\\w])#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})(?![\\w-])';

const MESSAGE = 'Use a design token (packages/web-kit/src/theme/tokens.ts), not a raw hex colour.';

/** `no-restricted-syntax` entries for TypeScript: string literals, JSX attributes and template strings. */
export const hexColourSyntax = [
  { selector: `Literal[value=/${HEX_COLOUR}/]`, message: MESSAGE },
  { selector: `TemplateElement[value.raw=/${HEX_COLOUR}/]`, message: MESSAGE },
];

/** The CSS rule (for @eslint/css): a hex colour is a `Hash` node of a declaration's value. */
const noHexColour = {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow raw hex colours outside the design tokens' },
    messages: { hex: `${MESSAGE} Found #{{hex}}.` },
    schema: [],
  },
  create(context) {
    return {
      Hash(node) {
        context.report({ node, messageId: 'hex', data: { hex: node.value } });
      },
    };
  },
};

export const tokensPlugin = { rules: { 'no-hex-colour': noHexColour } };
