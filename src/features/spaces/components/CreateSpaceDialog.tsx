import { useState } from 'react';
import type { FormEvent } from 'react';
import { Dialog, TextArea, TextField } from '@radix-ui/themes';
import { toast } from 'sonner';
import { slugify, validateCreateSpace } from '../../../lib/slug';
import { createSpace } from '../spaces.store';
import { DialogForm } from '../../../ui/DialogForm';
import { FormAlert } from '../../../ui/FormAlert';
import { FormField, describedBy } from '../../../ui/FormField';
import { NetworkRequiredButton } from '../../../ui/NetworkRequiredButton';
import { useBusyAction } from '../../../ui/useBusyAction';

interface CreateSpaceDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const EMPTY = { name: '', slug: '', description: '' };

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return typeof error === 'string' && error ? error : 'Failed to create space';
}

/** Create New Space: Name, Slug (derived from the name until edited) and optional Description. */
export function CreateSpaceDialog({ open, onOpenChange }: CreateSpaceDialogProps) {
  const [values, setValues] = useState(EMPTY);
  const [slugEdited, setSlugEdited] = useState(false);
  // A field is judged once something was typed in it (or on Create): tabbing through the empty
  // form, or Cancel taking the focus from the name, shows no errors before anything is typed.
  const [touched, setTouched] = useState({ name: false, slug: false });
  const { busy: submitting, error: serverError, setError: setServerError, run } = useBusyAction();

  const validation = validateCreateSpace({ name: values.name, slug: values.slug });
  const nameError = touched.name ? validation.errors.name : undefined;
  // The slug follows the name until edited, so it is judged as soon as either has been typed in.
  const slugError = touched.slug || touched.name ? validation.errors.slug : undefined;

  const reset = () => {
    setValues(EMPTY);
    setSlugEdited(false);
    setTouched({ name: false, slug: false });
    setServerError(null);
  };

  const changeOpen = (next: boolean) => {
    if (submitting) return; // keep the dialog while the request is in flight
    if (!next) reset();
    onOpenChange(next);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ name: true, slug: true });
    if (!validation.valid || submitting) return;
    // A failure keeps everything the user typed so they can correct it and try again.
    await run(async () => {
      const description = values.description.trim();
      await createSpace({
        name: values.name.trim(),
        slug: values.slug.trim(),
        ...(description ? { description } : {}),
      });
      toast.success('Space created successfully');
      reset();
      onOpenChange(false);
    }, messageOf);
  };

  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Content maxWidth="460px">
        <Dialog.Title>Create New Space</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          A space keeps its own knowledge, agents and analytics, separate from your other spaces.
        </Dialog.Description>
        <DialogForm
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          busy={submitting}
          actionsMt="2"
          submit={
            // Offline the form keeps what was typed; only sending waits for a connection.
            <NetworkRequiredButton type="submit" disabled={!validation.valid || submitting} loading={submitting}>
              Create
            </NetworkRequiredButton>
          }
        >
          <FormField label="Name" htmlFor="space-name" error={nameError}>
            <TextField.Root
              id="space-name"
              value={values.name}
              placeholder="e.g. Spring Campaign"
              autoComplete="off"
              autoFocus
              {...describedBy('space-name', nameError)}
              onChange={(event) => {
                const name = event.target.value;
                setTouched((t) => ({ ...t, name: true }));
                setValues((v) => ({ ...v, name, slug: slugEdited ? v.slug : slugify(name) }));
              }}
            />
          </FormField>
          <FormField
            label="Slug"
            htmlFor="space-slug"
            error={slugError}
            hint="Lowercase letters, digits and hyphens. Used in links."
          >
            <TextField.Root
              id="space-slug"
              value={values.slug}
              placeholder="spring-campaign"
              autoComplete="off"
              {...describedBy('space-slug', slugError, true)}
              onChange={(event) => {
                const slug = event.target.value;
                setSlugEdited(true);
                setTouched((t) => ({ ...t, slug: true }));
                setValues((v) => ({ ...v, slug }));
              }}
            />
          </FormField>
          <FormField label="Description" htmlFor="space-description" optional>
            <TextArea
              id="space-description"
              value={values.description}
              placeholder="What is this space for?"
              rows={3}
              onChange={(event) => {
                const description = event.target.value;
                setValues((v) => ({ ...v, description }));
              }}
            />
          </FormField>
          {serverError ? (
            <FormAlert tone="error" size="2">
              {serverError}
            </FormAlert>
          ) : null}
        </DialogForm>
      </Dialog.Content>
    </Dialog.Root>
  );
}
