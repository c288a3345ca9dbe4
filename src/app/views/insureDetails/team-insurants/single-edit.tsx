import { Button, Form, Popup, Stepper } from 'antd-mobile';
import { PersonFields } from '../../../components/ui/person-fields.tsx';
import { useT } from '../../../i18n/index.ts';
import type { TeamInsurant } from '../draft.ts';
import styles from '../insure.module.css';

interface SingleEditProps {
  /** The row being edited, a blank one to add, or null when closed. */
  value: TeamInsurant | null;
  classes: { min: number; max: number };
  /** Whether another row already holds this ID number: one person is insured once. */
  isDuplicate: (idNumber: string) => boolean;
  onSave: (row: TeamInsurant) => void;
  onClose: () => void;
}

/** One team member in a sheet: the same checks as a single policy, plus the occupation class. */
export function SingleEdit({ value, classes, isDuplicate, onSave, onClose }: SingleEditProps) {
  const t = useT();
  const [form] = Form.useForm<TeamInsurant>();
  const finish = (row: TeamInsurant) => {
    if (isDuplicate(row.idNumber)) {
      form.setFields([{ name: 'idNumber', errors: [t('team.duplicate')] }]);
      return;
    }
    onSave({ ...row, mobile: row.mobile ?? '' });
  };
  return (
    <Popup visible={value !== null} onMaskClick={onClose} onClose={onClose} showCloseButton destroyOnClose bodyClassName={styles.sheet}>
      {value && <h2 className={styles.sheetTitle}>{t(value.idNumber ? 'team.edit' : 'team.add')}</h2>}
      {value && (
        <Form
          form={form}
          layout="horizontal"
          initialValues={value}
          onFinish={finish}
          footer={<Button block type="submit" color="primary" size="large">{t('common.save')}</Button>}
        >
          <PersonFields mobileRequired={false} />
          <Form.Item
            name="occupationClass"
            label={t('team.occupationClass')}
            help={t('team.occupationHelp')}
            rules={[{ type: 'number', min: classes.min, max: classes.max, message: t('team.occupationRange', classes) }]}
          >
            <Stepper min={1} max={6} digits={0} />
          </Form.Item>
        </Form>
      )}
    </Popup>
  );
}
