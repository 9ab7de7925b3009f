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

/** Mainland mobile (1[3-9] + 9 digits) or landline (area code 0xx/0xxx, optional dash, 7–8 digits, optional extension). */
export const PHONE_PATTERN = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/;
/** A county-level region code: six digits. */
export const REGION_CODE_6 = /^\d{6}$/;
