// docs/decisions.md#screen-layout: designs are drawn at 375 px; the root font size is set at runtime so that
// 192 px of rem base equals one design px on a 375 px phone. Hairlines (1px) stay pixels.
module.exports = {
  plugins: {
    'postcss-pxtorem': { rootValue: 192, propList: ['*'], minPixelValue: 2 },
  },
};
