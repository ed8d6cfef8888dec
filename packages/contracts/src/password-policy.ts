/** Password policy (NIST 800-63B style): 12 to 128 characters, not a common password, no composition rules. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

export type PasswordRule = 'minLength' | 'maxLength' | 'notCommon';

// Passwords of 12+ characters that top the public breach lists; compared case-insensitively.
const COMMON = new Set([
  '123456789012',
  '1234567890123',
  '12345678901234',
  '123456789123',
  '1234567891011',
  '111111111111',
  '000000000000',
  '123123123123',
  '121212121212',
  '987654321098',
  'qwertyuiopas',
  'qwertyuiop123',
  'qwerty123456',
  '1qaz2wsx3edc',
  '1q2w3e4r5t6y',
  'q1w2e3r4t5y6',
  'zaq12wsxcde3',
  'asdfghjkl123',
  'password1234',
  'password12345',
  'password123456',
  'passwordpassword',
  'p@ssw0rd1234',
  'p@ssword1234',
  'iloveyou1234',
  'letmein12345',
  'welcome12345',
  'welcome123456',
  'administrator',
  'administrator1',
  'changeme1234',
  'abcdefghijkl',
  'abc123abc123',
  'abcd1234abcd',
  'aaaaaaaaaaaa',
  'football1234',
  'baseball1234',
  'monkey123456',
  'dragon123456',
  'sunshine1234',
  'princess1234',
  'superman1234',
  'trustno1trustno1',
  'masterkey123',
  'starwars1234',
  'computer1234',
  'internet1234',
  'qwertyqwerty',
  'passw0rdpassw0rd',
  'mypassword123',
  'mypassword1234',
  'thisismypassword',
  'correcthorsebatterystaple',
  'blink182blink182',
  'michael12345',
  'jennifer1234',
  'whatever1234',
  'password!234',
  'password1!',
  '1234567890qwerty',
  'qwerty1234567890',
  'zxcvbnm12345',
  'zxcvbnmasdfg',
  'asdfasdfasdf',
  'testtesttest',
  'test12345678',
  'summer202020',
  'winter202020',
  'spring202020',
  'autumn202020',
  'changemenow!',
]);

/** The rules a password breaks; empty when it meets the policy. */
export function passwordProblems(password: string): PasswordRule[] {
  const problems: PasswordRule[] = [];
  const length = [...password].length;
  if (length < PASSWORD_MIN) problems.push('minLength');
  if (length > PASSWORD_MAX) problems.push('maxLength');
  const lower = password.toLowerCase();
  if (COMMON.has(lower) || /^(.)\1+$/.test(password) || /^(.{1,4})\1{2,}$/.test(lower))
    problems.push('notCommon');
  return problems;
}
