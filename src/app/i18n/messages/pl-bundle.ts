import { plPL } from '../antd-pl.ts';
import { routeTitlesPl, shellPl } from './shell.pl.ts';
import { viewsPl } from './views.pl.ts';

/** Everything Polish, loaded only when the language is Polish (keeps the first load small). */
export const messages = { ...shellPl, ...viewsPl };
export const routeTitles = routeTitlesPl;
export const antdLocale = plPL;
