/** Texts of the shell (router, layout, sign-in, dialogs, errors). Keys are dotted; `{name}` interpolates. */
export const shellZhCn = {
  'app.name': '保险服务',
} as const;
