import type { TAG_COLORS } from '@scm/contract';

/** Chinese names of the tag colours an item may use. */
export const COLOR_LABELS: Record<(typeof TAG_COLORS)[number], string> = {
  default: '默认', processing: '进行中', success: '成功', warning: '警告', error: '错误', blue: '蓝', cyan: '青', green: '绿',
  gold: '金', orange: '橙', red: '红', magenta: '品红', purple: '紫', geekblue: '极客蓝', lime: '青柠', volcano: '火山',
};
