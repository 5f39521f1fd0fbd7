import { Checkbox, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useToggleOption } from '../api/options';
import type { Options } from '../option-diff';

interface OptionCheckboxProps {
  optionKey: string;
  label: string;
  options: Options;
  /** A warning to confirm before the option is turned off. */
  confirmOff?: string;
}

/** A boolean option, saved at once on every click by sending the opposite of its current value. */
export function OptionCheckbox({ optionKey, label, options, confirmOff }: OptionCheckboxProps) {
  const { t } = useTranslation();
  const [modal, contextHolder] = Modal.useModal();
  const { toggle, isPending } = useToggleOption();
  const current = options[optionKey] ?? 'false';

  const onChange = () => {
    if (current !== 'true' || !confirmOff) return toggle(optionKey, current);
    void modal.confirm({
      title: t('adminSettings.system.warning'),
      content: confirmOff,
      okText: t('adminSettings.system.confirm'),
      cancelText: t('adminSettings.system.cancel'),
      onOk: () => toggle(optionKey, current),
    });
  };

  return (
    <>
      {contextHolder}
      <Checkbox checked={current === 'true'} disabled={isPending} onChange={onChange} data-testid={`option-${optionKey}`}>
        {label}
      </Checkbox>
    </>
  );
}
