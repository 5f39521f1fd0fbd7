import { useState, type ChangeEvent, type ReactElement, type ReactNode } from 'react';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { showError } from '@/app/toasts/toast';
import { markRefusedField } from '@/components/form-rules/server-field-error';
import { useSaveOptions } from '../api/options';
import { changedOptions, type OptionChange, type Options } from '../option-diff';

export interface OptionField {
  key: string;
  label: string;
  placeholder?: string;
  /** 'secret': write-only, shown blank; 'number': typed as a number but kept as the string it is saved as. */
  kind?: 'text' | 'number' | 'secret' | 'textarea';
  min?: number;
  step?: number;
  /** An input of its own in place of the kind's (a structured editor); the form hands it the value and onChange. */
  input?: ReactElement;
}

/** Why changes must not be sent: a message, or a message for one field, which is marked with it as well. */
export type OptionProblem = string | { key: string; message: string };

interface OptionSectionProps {
  title?: string;
  description?: ReactNode;
  /** The saved values the fields start from and "changed" is measured against. */
  options: Options;
  fields: readonly OptionField[];
  saveLabel: string;
  /** Why the changes must not be sent, if they must not. */
  validate?: (changes: OptionChange[]) => OptionProblem | undefined;
  /** Completes the typed values before they are compared and saved (OIDC discovery); a throw is shown as the error. */
  prepare?: (values: Options) => Promise<Options>;
  /** What a failed `prepare` is reported as, followed by its reason. */
  prepareFailed?: (reason: string) => string;
  /** Turns the changes into what is stored, before they are checked (the ratio editors store only the operator's entries). */
  store?: (changes: OptionChange[]) => OptionChange[];
  /** Told of a refused save, after the field the server named is marked. */
  onRefused?: (error: unknown) => void;
  /** Controls saved on their own (checkboxes), shown above the save button. */
  children?: ReactNode;
}

/** Form.Item hands its child the value and the change handler: they are passed on to the input. */
interface FieldInputProps {
  field: OptionField;
  value?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

function FieldInput({ field, value, onChange }: FieldInputProps) {
  const common = { name: field.key, value, onChange, placeholder: field.placeholder, 'data-testid': `option-${field.key}` };
  switch (field.kind) {
    case 'secret':
      return <Input.Password {...common} autoComplete="new-password" />;
    case 'number':
      return <Input {...common} type="number" min={field.min} step={field.step} />;
    case 'textarea':
      return <Input.TextArea {...common} autoSize={{ minRows: 4, maxRows: 16 }} style={{ fontFamily: 'monospace' }} />;
    default:
      return <Input {...common} autoComplete="off" />;
  }
}

/** A group of options with one save button that sends only what changed. */
export function OptionSection({ title, description, options, fields, saveLabel, validate, prepare, prepareFailed, store, onRefused, children }: OptionSectionProps) {
  const save = useSaveOptions();
  const [form] = Form.useForm<Options>();
  const [preparing, setPreparing] = useState(false);
  // Secrets always start blank (spec: write-only), even if a server sent one back.
  const initialValues = Object.fromEntries(fields.map((field) => [field.key, field.kind === 'secret' ? '' : (options[field.key] ?? '')]));

  const completed = async (values: Options): Promise<Options | undefined> => {
    if (!prepare) return values;
    setPreparing(true);
    try {
      const prepared = await prepare(values);
      // The admin sees what is about to be saved.
      form.setFieldsValue(prepared);
      return prepared;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      showError(prepareFailed ? prepareFailed(reason) : reason);
      return undefined;
    } finally {
      setPreparing(false);
    }
  };

  const onFinish = async (typed: Options) => {
    const values = await completed(typed);
    if (!values) return;
    const changed = changedOptions(options, values);
    const changes = store ? store(changed) : changed;
    const problem = validate?.(changes);
    if (typeof problem === 'object') form.setFields([{ name: problem.key, errors: [problem.message] }]);
    if (problem) return showError(typeof problem === 'object' ? problem.message : problem);
    // A refusal the console did not foresee (a 400 naming the field) is marked on that field; the toast says it too.
    save.mutate(changes, {
      onError: (error) => {
        markRefusedField(form, error);
        onRefused?.(error);
      },
    });
  };

  return (
    <Form form={form} layout="vertical" initialValues={initialValues} onFinish={(values) => void onFinish(values)} autoComplete="off">
      {title && <Typography.Title level={4}>{title}</Typography.Title>}
      {description && <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>}
      <Flex wrap gap="middle">
        {fields.map((field) => (
          <Form.Item key={field.key} name={field.key} label={field.label} style={{ flex: field.kind === 'textarea' ? '1 1 100%' : '1 1 240px' }}>
            {field.input ?? <FieldInput field={field} />}
          </Form.Item>
        ))}
      </Flex>
      {children}
      <Button htmlType="submit" loading={save.isPending || preparing} data-testid={`save-${fields.map((field) => field.key).join('-')}`}>
        {saveLabel}
      </Button>
    </Form>
  );
}
