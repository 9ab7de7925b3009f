import { z } from 'zod';

const TYPE_NAMES: Record<string, string> = {
  string: '文字',
  number: '数字',
  int: '整数',
  bigint: '整数',
  boolean: '是或否',
  array: '列表',
  object: '对象',
  date: '日期',
};

const fallback = z.locales.zhCN().localeError;

/**
 * Chinese messages for every check that does not carry its own (docs/rules/codes-and-api.md,
 * "Field errors"): a person reads "此项为必填项", never "Invalid input: expected string, received
 * undefined". Set once by the server and by the web app at start.
 */
export const chineseErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input == null || issue.input === '' ? '此项为必填项' : `格式不正确，应为${TYPE_NAMES[issue.expected] ?? '有效的值'}`;
    case 'invalid_value':
      return '请选择有效的选项';
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? '此项为必填项' : `至少${min}个字符`;
      if (issue.origin === 'array' || issue.origin === 'set') return `至少${min}项`;
      return issue.inclusive ? `不能小于${min}` : `须大于${min}`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `不能超过${max}个字符`;
      if (issue.origin === 'array' || issue.origin === 'set') return `最多${max}项`;
      return issue.inclusive ? `不能大于${max}` : `须小于${max}`;
    }
    case 'invalid_format':
      return '格式不正确';
    case 'not_multiple_of':
      return `须为${issue.divisor}的倍数`;
    case 'unrecognized_keys':
      return `不支持的字段：${issue.keys.join('、')}`;
    default:
      return fallback(issue);
  }
};

/** Makes zod answer in Chinese in this process or page. */
export function setChineseZodMessages(): void {
  z.config({ localeError: chineseErrorMap });
}
