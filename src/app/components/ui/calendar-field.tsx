import { DatePicker } from 'antd-mobile';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { firstDayOf, pickedDay, pickerDate } from '#shared/beijing-time.ts';
import { formatCalendarDay, formatCalendarMonth } from '../../i18n/calendar-format.ts';
import { languageAtom } from '../../i18n/index.ts';
import styles from './ui.module.css';

interface CalendarFieldProps {
  /** `YYYY-MM-DD` for a day, `YYYY-MM` for a month (Beijing calendar). */
  value?: string;
  onChange?: (value: string) => void;
  precision: 'day' | 'month';
  /** Bounds in the same form as the value. */
  min?: string;
  max?: string;
  title: string;
  placeholder?: string;
  id?: string;
}

const toDate = (value: string, precision: CalendarFieldProps['precision']) =>
  pickerDate(precision === 'month' ? firstDayOf(value) : value);
const fromDate = (date: Date, precision: CalendarFieldProps['precision']) =>
  precision === 'month' ? pickedDay(date).slice(0, 7) : pickedDay(date);

/**
 * A day or month chosen with antd-mobile's DatePicker (columns in the reader's language) and shown
 * in it, instead of the phone's native date input, whose text follows the phone's own language
 * ("11/23/2026", "November 2026") and whose tap target is tiny. Works inside Form.Item.
 */
export function CalendarField({ value, onChange, precision, min, max, title, placeholder, id }: CalendarFieldProps) {
  const language = useAtomValue(languageAtom);
  const [open, setOpen] = useState(false);
  const text = value
    ? precision === 'month'
      ? formatCalendarMonth(value, language)
      : formatCalendarDay(value, language)
    : placeholder;
  return (
    <>
      <button
        id={id}
        type="button"
        className={styles.calendarField}
        data-empty={value ? undefined : ''}
        // The field's name and the value it shows: an aria-label alone would hide the chosen day.
        aria-label={value ? `${title}: ${text}` : title}
        onClick={() => setOpen(true)}
      >
        {text}
      </button>
      <DatePicker
        visible={open}
        onClose={() => setOpen(false)}
        precision={precision}
        min={min ? toDate(min, precision) : undefined}
        max={max ? toDate(max, precision) : undefined}
        value={value ? toDate(value, precision) : undefined}
        onConfirm={(d) => onChange?.(fromDate(d, precision))}
        title={title}
      />
    </>
  );
}
