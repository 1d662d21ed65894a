import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { LOCALES, LOCALE_NAMES, isLocale } from '../../../common/i18n/locales';
import { setLanguage, useLanguage, useT, type Locale } from '../lib/i18n';

const OPTIONS = LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }));

interface LanguagePickerProps {
  /** What a choice does; by default the page switches to it (and this browser keeps it). */
  onChange?: (locale: Locale) => void;
}

/**
 * The church area's language: each language by its own name, so a reader finds theirs whatever the
 * page speaks now. A native select: no menu code to download, and a phone shows its own picker.
 * Compact, to sit in the header of a 375 px phone beside Logout.
 */
export function LanguagePicker({ onChange }: LanguagePickerProps) {
  const t = useT();
  const language = useLanguage();
  const choose = (value: string) => {
    if (!isLocale(value)) return;
    if (onChange) onChange(value);
    // A language whose texts could not be fetched (offline) is not switched to: the select keeps the active one.
    else void setLanguage(value).catch(() => undefined);
  };
  return (
    <NativeSelect
      aria-label={t('common.language')}
      data={OPTIONS}
      value={language}
      onChange={(event) => choose(event.currentTarget.value)}
      size="xs"
      w={112}
      leftSection={<IconLanguage size={14} aria-hidden />}
      data-testid="language-picker"
    />
  );
}
