/** Texts of the views in src/app/views. Keys start with the view's name. */
export const viewsZhCn = {
  'views.empty': '暂无数据',
} as const;
