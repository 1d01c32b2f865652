// Initials for an avatar: the first letters of the first and last names in Latin script, skipping an
// 'Al-' prefix ('Mariam Al-Kandari' → 'MK'); one letter in Arabic, whose letters join and would
// otherwise spell a word.
export function initialsOf(name: string, language: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? '';
  if (language === 'ar') return first.charAt(0);
  const last = (words.length > 1 ? words[words.length - 1] : '')?.replace(/^al-/i, '') ?? '';
  return `${first.charAt(0)}${last.charAt(0)}`.toUpperCase();
}
