/** docs/rules/shell-and-session.md, "Login": local part of letters, digits and ._%+-, an @, a domain, a dot, a TLD of ≥ 2 letters. */
export const EMAIL_PATTERN = /^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$/;

/** docs/rules/shell-and-session.md, "Server side of the session": at least 8 characters with letters and digits. */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d).{8,64}$/;

export const messages = {
  emailRequired: '请输入邮箱',
  emailInvalid: '请输入有效的邮箱地址',
  passwordRequired: '请输入密码',
  passwordPolicy: '密码至少8位，且包含字母和数字',
  badCredentials: '邮箱或密码错误',
  tooManyAttempts: '尝试次数过多，请15分钟后再试',
  notLoggedIn: '用户未登录或登录已过期',
  forbidden: '没有权限执行此操作',
  notFound: '记录不存在',
  staleVersion: '数据已被他人修改，请刷新后重试',
  validationFailed: '请求参数有误',
  serviceUnavailable: '服务暂不可用',
  internalError: '服务器内部错误',
  userDisabled: '账号已停用',
} as const;

/** Unicode's Default_Ignorable_Code_Point: soft hyphen, variation selectors, fillers, tags, zero-width and directional marks… */
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
const SPACES = /\p{White_Space}+/gu;

/**
 * The key unique names compare on (docs/rules/codes-and-api.md, "Unique names"): default-ignorable
 * code points dropped, NFKC applied (full-width letters, compatibility forms), every run of
 * whitespace (NBSP, ideographic space…) one space, trimmed. Two names with one key look alike, so
 * they clash. The stored name stays as typed.
 */
export function nameKey(name: string): string {
  return name.replace(IGNORABLE, '').normalize('NFKC').replace(IGNORABLE, '').replace(SPACES, ' ').trim();
}

/**
 * Whitespace, default-ignorable code points, and what draws nothing without being either: the
 * braille pattern blank U+2800. The Hangul fillers (U+115F, U+1160, U+3164, U+FFA0) are
 * default-ignorable already and listed so the blank set reads whole.
 */
const NOTHING_VISIBLE = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\u2800\u115f\u1160\u3164\uffa0]*$/u;
const ONLY_SPACES = /^\p{White_Space}*$/u;

/**
 * True when a text holds characters but none a reader can see: only whitespace, default-ignorable
 * code points (zero-width, BOM, soft hyphen, fillers…) and blank glyphs, at least one of them not
 * plain whitespace (docs/rules/codes-and-api.md, "Text fields"). Text of plain whitespace only is
 * left to each field's schema, which trims it and refuses it as empty where it is required. The one
 * rule behind the server's refusal of every such string and the forms' name checks.
 */
export function rendersBlank(text: string): boolean {
  return NOTHING_VISIBLE.test(text) && !ONLY_SPACES.test(text);
}

/** The field error of a text that renders blank. */
export const BLANK_TEXT_MESSAGE = '不能只包含不可见或空白字符';

/** Mainland mobile (1[3-9] + 9 digits) or landline (area code 0xx/0xxx, optional dash, 7–8 digits, optional extension). */
export const PHONE_PATTERN = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/;
/** A county-level region code: six digits. */
export const REGION_CODE_6 = /^\d{6}$/;
