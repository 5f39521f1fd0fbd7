import type { ReactElement, ReactNode } from 'react';
import type { CatalogMessage } from '@tollgate/contract';
import { catalogText } from '@/app/i18n/catalog-text';
import type { OptionChange, Options } from '../option-diff';
import { prettyRatio } from '../ratio-text';
import { OptionSection, type OptionField } from './option-section';

/** The texts of a JSON option's section, in the console's language. */
export interface JsonOptionTexts {
  title: string;
  help: ReactNode;
  placeholder: string;
  /** What a refusal is introduced with ("The group budgets are not valid"), before the rule's own words. */
  invalid: string;
  save: string;
}

interface JsonOptionSectionProps {
  options: Options;
  /** The option holding the JSON object (GroupBudgets, GroupRateLimits, ModelFallbacks). */
  optionKey: string;
  texts: JsonOptionTexts;
  /**
   * Why the changes must not be sent: the server's own rules (shared through the contract) as a catalog message,
   * or the console's own words for what only the form can see (a structured editor's unfinished row).
   */
  problem: (changes: readonly OptionChange[]) => CatalogMessage | string | undefined;
  /** Plain options saved with it by the same button (the budgets' time zone). */
  extraFields?: readonly OptionField[];
  /** An editor in place of the JSON text area: it is handed the JSON text and reports the text it makes. */
  editor?: ReactElement;
  /** Told of a refused save, after the refused field is marked (a structured editor points at the refused row). */
  onRefused?: (error: unknown) => void;
}

/** The JSON text of a change, a cleared editor read as '{}' (no entries), as the server and the contract read it. */
export const jsonOf = (change: OptionChange): string => (change.value.trim() === '' ? '{}' : change.value);

/**
 * A JSON option edited pretty-printed, checked by the contract's rules before it is sent (the server checks the
 * same and answers a 400 naming the field, which marks it); a cleared editor is saved as '{}', meaning none.
 */
export function JsonOptionSection({ options, optionKey, texts, problem, extraFields = [], editor, onRefused }: JsonOptionSectionProps) {
  const pretty = { ...options, [optionKey]: prettyRatio(options[optionKey] ?? '') };
  return (
    <OptionSection
      title={texts.title}
      description={texts.help}
      options={pretty}
      saveLabel={texts.save}
      validate={(changes) => {
        const found = problem(changes);
        return found && `${texts.invalid}: ${typeof found === 'string' ? found : catalogText(found)}`;
      }}
      prepare={(typed) => Promise.resolve((typed[optionKey] ?? '').trim() === '' && pretty[optionKey] !== '' ? { ...typed, [optionKey]: '{}' } : typed)}
      onRefused={onRefused}
      fields={[{ key: optionKey, label: texts.title, placeholder: texts.placeholder, kind: 'textarea', input: editor }, ...extraFields]}
    />
  );
}
