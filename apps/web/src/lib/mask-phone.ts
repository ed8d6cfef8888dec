/** A phone number with every digit except the last four hidden: '+15551234567' → '+•••••••4567'. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = phone.replace(/\D/g, '').length;
  let seen = 0;
  return phone.replace(/\d/g, (digit) => {
    seen += 1;
    return seen > digits - 4 ? digit : '•';
  });
}
