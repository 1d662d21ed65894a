import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { LOCALES, LOCALE_NAMES, isLocale } from '../../../common/i18n/locales';
import { setLanguage, useLanguage, useT, type Locale } from '../lib/i18n';
import classes from './LanguagePicker.module.css';

const OPTIONS = LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }));

interface LanguagePickerProps {
  /** What a choice does; by default the page switches to it (and this browser keeps it). */
  onChange?: (locale: Locale) => void;
  /** An icon instead of the language's name (a phone's header, beside the church's name and Logout). */
  compact?: boolean;
}

/**
 * The church area's language: each language by its own name, so a reader finds theirs whatever the
 * page speaks now. A native select: no menu code to download, and a phone shows its own picker.
 * Compact, it fits the header of a 375 px phone beside the church's name and Logout.
 */
export function LanguagePicker({ onChange, compact = false }: LanguagePickerProps) {
  const t = useT();
  const language = useLanguage();
  const choose = (value: string) => {
    if (!isLocale(value)) return;
    if (onChange) onChange(value);
    // A language whose texts could not be fetched (offline) is not switched to: the select keeps the active one.
    else void setLanguage(value, { remember: true }).catch(() => undefined);
  };
  return (
    <NativeSelect
      aria-label={t('common.language')}
      data={OPTIONS}
      value={language}
      onChange={(event) => choose(event.currentTarget.value)}
      size="xs"
      w={compact ? 52 : 112}
      leftSection={<IconLanguage size={16} aria-hidden />}
      className={compact ? classes.compact : undefined}
      data-testid="language-picker"
    />
  );
}
