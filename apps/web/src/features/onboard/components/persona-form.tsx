import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PERSONA_ROLES, PERSONA_TEXT_MAX, type PersonaRole } from '@tidemark/contract';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { useUpdatePersona } from '../api/update-persona';
import { ONBOARD_COPY } from '../messages';
import { EMPTY_PERSONA, canSubmitPersona, objectivesFor, toPersonaBody, withRole } from '../utils/persona';
import { OnboardStep } from './onboard-step';

const COPY = ONBOARD_COPY.persona;

export interface PersonaFormProps {
  userUuid: string;
  /** Called after the answer is saved; the route goes to /. */
  onSubmitted: () => Promise<void> | void;
}

const isRole = (value: string): value is PersonaRole => (PERSONA_ROLES as readonly string[]).includes(value);

/** The persona question screen (spec 1 §2, §5): role, then objectives or free text, then Continue. */
export function PersonaForm({ userUuid, onSubmitted }: PersonaFormProps) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdatePersona(userUuid);
  const [draft, setDraft] = useState(EMPTY_PERSONA);
  const [finishing, setFinishing] = useState(false);
  const saving = update.isPending || finishing;
  const offered = objectivesFor(draft.role);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = toPersonaBody(draft);
    if (!body || !canSubmitPersona(draft) || saving) return;
    update.mutate(body, {
      onSuccess: async () => {
        enqueueSnackbar(COPY.updated, { variant: 'success' });
        setFinishing(true);
        try {
          await onSubmitted();
        } finally {
          setFinishing(false);
        }
      },
      onError: () => enqueueSnackbar(COPY.updateFailed, { variant: 'error' }),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <OnboardStep
        step={3}
        title={COPY.title}
        actions={
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={!canSubmitPersona(draft) || saving}
            startIcon={
              saving ? <CircularProgress size={18} color="inherit" aria-label={COPY.saving} /> : undefined
            }
          >
            {COPY.continue}
          </Button>
        }
      >
        <Stack spacing={3}>
          <FormControl>
            <FormLabel id="persona-role-label">{COPY.roleLabel}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="persona-role-label"
              value={draft.role ?? ''}
              onChange={(e) => {
                if (isRole(e.target.value)) setDraft(withRole(draft, e.target.value));
              }}
            >
              {PERSONA_ROLES.map((role) => (
                <FormControlLabel key={role} value={role} control={<Radio />} label={role} />
              ))}
            </RadioGroup>
          </FormControl>

          {(draft.role === 'Founder' || draft.role === 'Marketer') && (
            <Autocomplete
              multiple
              disableCloseOnSelect
              options={offered}
              value={draft.objectives}
              onChange={(_, value) => setDraft({ ...draft, objectives: value })}
              renderValue={(value, getItemProps) =>
                value.map((option, index) => {
                  const { key, ...itemProps } = getItemProps({ index });
                  return <Chip key={key} label={option} color="primary" variant="outlined" {...itemProps} />;
                })
              }
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={COPY.objectivesLabel}
                  placeholder={draft.objectives.length ? undefined : COPY.objectivesPlaceholder}
                />
              )}
            />
          )}

          {draft.role === 'Other' && (
            <TextField
              label={COPY.otherLabel}
              placeholder={COPY.otherPlaceholder}
              value={draft.otherText}
              multiline
              minRows={2}
              onChange={(e) => setDraft({ ...draft, otherText: e.target.value.slice(0, PERSONA_TEXT_MAX) })}
            />
          )}

          <Alert severity="info" variant="outlined">
            {COPY.hint}
          </Alert>
        </Stack>
      </OnboardStep>
    </form>
  );
}
