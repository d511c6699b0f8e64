import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PREFERRED_PHONE_COUNTRIES } from '@tidemark/contract';
import {
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';
import { useMemo, useState } from 'react';
import { PROFILE_COPY } from '../personal-messages';

interface CountryOption {
  code: CountryCode;
  name: string;
  dial: string;
  preferred: boolean;
}

const PREFERRED = PREFERRED_PHONE_COUNTRIES.map((c) => c.toUpperCase());

/** Regional-indicator letters: the country's flag emoji. */
const flagOf = (code: string) =>
  String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));

function countryOptions(): CountryOption[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const all = getCountries().map((code) => ({
    code,
    name: names.of(code) ?? code,
    dial: getCountryCallingCode(code),
    preferred: PREFERRED.includes(code),
  }));
  const preferred = PREFERRED.map((p) => all.find((c) => c.code === p)).filter(
    (c): c is CountryOption => c !== undefined,
  );
  return [...preferred, ...all.filter((c) => !c.preferred).sort((a, b) => a.name.localeCompare(b.name))];
}

/** Splits a stored E.164 number into its country and national digits (United States when unknown). */
export function splitPhone(value: string): { country: CountryCode; national: string } {
  const parsed = value ? parsePhoneNumberFromString(value) : undefined;
  return parsed?.country
    ? { country: parsed.country, national: parsed.nationalNumber }
    : { country: 'US', national: value.replace(/^\+\d{0,3}/, '').replace(/\D/g, '') };
}

/** The E.164 number of a country and the digits typed, or '' when nothing is typed. */
export function joinPhone(country: CountryCode, national: string): string {
  const digits = national.replace(/\D/g, '');
  return digits ? `+${getCountryCallingCode(country)}${digits}` : '';
}

export interface PhoneInputProps {
  value: string;
  onChange: (e164: string) => void;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Country above number, for narrow places such as a drawer. */
  stacked?: boolean;
}

/**
 * Spec 1 §5 phone input: a searchable country list with the United States and India first, the country code
 * shown beside the number and not editable, the number required. Stored as E.164.
 */
export function PhoneInput({
  value,
  onChange,
  error,
  helperText,
  disabled,
  autoFocus,
  stacked,
}: PhoneInputProps) {
  const options = useMemo(() => countryOptions(), []);
  // The field owns what is typed; the stored value only seeds it.
  const [country, setCountry] = useState<CountryCode>(() => splitPhone(value).country);
  const [national, setNational] = useState(() => splitPhone(value).national);
  const selected = options.find((o) => o.code === country) ?? options[0]!;

  return (
    <Stack
      direction={stacked ? 'column' : { xs: 'column', sm: 'row' }}
      spacing={stacked ? 2.5 : 1.5}
      sx={{ width: '100%' }}
    >
      <Autocomplete
        sx={{ minWidth: 220 }}
        options={options}
        value={selected}
        disabled={disabled}
        disableClearable
        groupBy={(o) => (o.preferred ? PROFILE_COPY.preferredCountries : PROFILE_COPY.allCountries)}
        getOptionLabel={(o) => `${o.name} (+${o.dial})`}
        isOptionEqualToValue={(a, b) => a.code === b.code}
        onChange={(_e, option) => {
          setCountry(option.code);
          onChange(joinPhone(option.code, national));
        }}
        renderOption={({ key, ...props }, o) => (
          <Box component="li" key={key} {...props} sx={{ gap: 1 }}>
            <span aria-hidden>{flagOf(o.code)}</span> {o.name}{' '}
            <Box sx={{ color: 'text.secondary' }}>+{o.dial}</Box>
          </Box>
        )}
        renderInput={(params) => <TextField {...params} label={PROFILE_COPY.country} required />}
      />
      <TextField
        fullWidth
        required
        label={PROFILE_COPY.phone}
        value={national}
        disabled={disabled}
        autoFocus={autoFocus}
        error={error}
        helperText={helperText}
        inputMode="tel"
        onChange={(e) => {
          const digits = e.target.value.replace(/[^\d\s()-]/g, '');
          setNational(digits);
          onChange(joinPhone(country, digits));
        }}
        slotProps={{
          input: {
            startAdornment: <InputAdornment position="start">+{selected.dial}</InputAdornment>,
          },
          htmlInput: { 'aria-label': PROFILE_COPY.phone, autoComplete: 'tel-national' },
        }}
      />
    </Stack>
  );
}
