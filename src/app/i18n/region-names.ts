import type { MessageKey } from './index.ts';

/*
 * Region names in the reader's language (docs/decisions/codes-named-by-the-h5.md). A module of its own:
 * the product page names regions, and takes neither the other code names nor their texts with it.
 */

/** Chinese region names as products and profiles carry them → their dictionary key. */
const REGION_KEYS: Record<string, MessageKey> = {
  中国大陆: 'region.mainland',
  香港特别行政区: 'region.hongKong',
  澳门特别行政区: 'region.macao',
  台湾地区: 'region.taiwan',
  北京市: 'region.beijing',
  天津市: 'region.tianjin',
  上海市: 'region.shanghai',
  重庆市: 'region.chongqing',
  河北省: 'region.hebei',
  山西省: 'region.shanxi',
  辽宁省: 'region.liaoning',
  吉林省: 'region.jilin',
  黑龙江省: 'region.heilongjiang',
  江苏省: 'region.jiangsu',
  浙江省: 'region.zhejiang',
  安徽省: 'region.anhui',
  福建省: 'region.fujian',
  江西省: 'region.jiangxi',
  山东省: 'region.shandong',
  河南省: 'region.henan',
  湖北省: 'region.hubei',
  湖南省: 'region.hunan',
  广东省: 'region.guangdong',
  海南省: 'region.hainan',
  四川省: 'region.sichuan',
  贵州省: 'region.guizhou',
  云南省: 'region.yunnan',
  陕西省: 'region.shaanxi',
  甘肃省: 'region.gansu',
  青海省: 'region.qinghai',
  内蒙古自治区: 'region.innerMongolia',
  广西壮族自治区: 'region.guangxi',
  西藏自治区: 'region.tibet',
  宁夏回族自治区: 'region.ningxia',
  新疆维吾尔自治区: 'region.xinjiang',
};

/** A region's name in the reader's language; a name not in the list is shown as it is. */
export function regionName(t: (key: MessageKey) => string, name: string): string {
  const key = REGION_KEYS[name];
  return key ? t(key) : name;
}
