// docs/decisions/screen-scaling.md: designs are drawn at 375 px; the root font size is set at runtime so that
// 192 px of rem base equals one design px on a 375 px phone. Hairlines (1px) stay pixels.
//
// Rules of 长辈版 (selectors with `[data-elder]`) keep CSS pixels: its minimum sizes (60 × 60 tap
// targets, 18 px text) are the phone's own units, not design px. So does `html`, whose font size is
// the rem base itself.
//
// Every font size (the app's and antd-mobile's) is multiplied by `--app-font-scale` (1 unless set):
// 长辈版 sets it on <html> to enlarge text without enlarging the layout the rem base draws
// (docs/accessibility.md#elder-mode). Sizes in em or % follow their parent already and stay as they are.
const SCALE = 'var(--app-font-scale, 1)';

/** @type {import('postcss').PluginCreator<void>} */
const fontScale = () => ({
  postcssPlugin: 'app-font-scale',
  Declaration: {
    'font-size'(decl) {
      const value = decl.value.trim();
      if (value.includes('--app-font-scale') || /(^|[^r])em\b|%|^[a-z-]+$/i.test(value)) return;
      if (/(^|,)\s*(html|:root)\b/.test(decl.parent?.selector ?? '')) return;
      decl.value = `calc(${value} * ${SCALE})`;
    },
  },
});
fontScale.postcss = true;

module.exports = {
  plugins: [
    // A CommonJS config (Vite loads it as is): the plugin comes by require.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require('postcss-pxtorem')({
      rootValue: 192,
      propList: ['*'],
      minPixelValue: 2,
      selectorBlackList: [/\[data-elder\]/, /^html$/],
    }),
    fontScale(),
  ],
};
