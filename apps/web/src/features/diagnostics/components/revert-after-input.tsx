import { NumberInput } from '@mantine/core';
import { MAX_REVERT_MINUTES } from '@vnoc/contracts';
import type { ReactNode } from 'react';

interface RevertAfterInputProps {
  label: string;
  description: string;
  value: number | string;
  onChange: (value: number | string) => void;
  error: ReactNode;
}

/**
 * How many minutes disabled LAN ports stay disabled on a device that reverts them by itself: whole minutes from 1
 * to MAX_REVERT_MINUTES. A module of its own, loaded when the ports' inputs first show (Mantine's NumberInput and
 * its number formatting, ~10 KB gzipped, are in no first view of the device page).
 */
export function RevertAfterInput({ label, description, value, onChange, error }: RevertAfterInputProps) {
  return (
    <NumberInput
      label={label}
      description={description}
      min={1}
      max={MAX_REVERT_MINUTES}
      allowDecimal={false}
      allowNegative={false}
      value={value}
      onChange={onChange}
      error={error}
      w={{ base: '100%', xs: 360 }}
      data-testid="revert-after-input"
    />
  );
}
