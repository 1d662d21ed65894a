import { useId, type CSSProperties } from 'react';
import { Input } from '@mantine/core';

interface ConsoleSelectProps {
  label: string;
  data: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  description?: string;
  style?: CSSProperties;
}

/**
 * The browser's own select in Mantine's input frame: what the console's few fixed choices need, and
 * nothing the church screens' chunks hold (Mantine's NativeSelect lives in Mark Attendance's chunk:
 * importing it here would split it out of there into a chunk of its own).
 */
export function ConsoleSelect({ label, data, value, onChange, description, style }: ConsoleSelectProps) {
  const id = useId();
  return (
    <Input.Wrapper id={id} label={label} description={description} style={style}>
      <Input component="select" id={id} value={value} onChange={(event) => onChange(event.currentTarget.value)} pointer>
        {data.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
      </Input>
    </Input.Wrapper>
  );
}
