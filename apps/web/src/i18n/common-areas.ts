// Imported (for its effect) by every module that reads the 'common' strings of the public and panel
// areas (./locales/common-areas-en.ts): the first such module to load adds them to the English
// 'common' strings, before any of its components renders. Arabic 'common' has them all already.
import { addCommonResources } from './index';
import { commonAreasEn } from './locales/common-areas-en';

addCommonResources(commonAreasEn);
