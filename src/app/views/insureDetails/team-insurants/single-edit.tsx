import { Form, Popup, Stepper } from 'antd-mobile';
import { Button } from '../../../components/ui/button.tsx';
import { PersonFields } from '../../../components/ui/person-fields.tsx';
import { useT } from '../../../i18n/index.ts';
import { issuesOf } from '../../../api/field-issues.ts';
import { fieldErrors } from '../draft.ts';
import styles from '../insure.module.css';

/** A team member as the single-row form edits them. */
export interface TeamRowValues {
  name: string;
  idNumber: string;
  mobile: string;
  occupationClass: number;
}

interface SingleEditProps {
  /** The row being edited (`editing` true), a blank one to add, or null when closed. */
  value: TeamRowValues | null;
  editing: boolean;
  classes: { min: number; max: number };
  /** Saves on the server; a refusal naming fields (duplicate ID, age) marks them here. */
  onSave: (row: TeamRowValues) => Promise<void>;
  /** Editing an existing row: 删除 in the sheet (besides swiping the row). */
  onRemove?: () => Promise<void>;
  onClose: () => void;
}

/** One team member in a sheet: the same checks as a single policy, plus the occupation class. */
export function SingleEdit({ value, editing, classes, onSave, onRemove, onClose }: SingleEditProps) {
  const t = useT();
  const [form] = Form.useForm<TeamRowValues>();
  const finish = async (row: TeamRowValues) => {
    try {
      await onSave({ ...row, mobile: row.mobile ?? '' });
    } catch (error) {
      const fields = fieldErrors(issuesOf(error), null);
      if (fields.length) form.setFields(fields);
    }
  };
  return (
    <Popup
      visible={value !== null}
      onMaskClick={onClose}
      onClose={onClose}
      showCloseButton
      destroyOnClose
      bodyClassName={styles.sheet}
    >
      {/* Drawn while the sheet fades out too, so it keeps its name (components/a11y/overlay-focus.ts). */}
      <h2 className={styles.sheetTitle}>{t(editing ? 'team.edit' : 'team.add')}</h2>
      {value && (
        <Form
          form={form}
          layout="horizontal"
          initialValues={value}
          onFinish={finish}
          footer={
            <div className={styles.sheetActions}>
              {onRemove && (
                <Button size="large" color="danger" fill="outline" onClick={() => void onRemove()}>
                  {t('common.remove')}
                </Button>
              )}
              <Button block type="submit" color="primary" size="large">
                {t('common.save')}
              </Button>
            </div>
          }
        >
          <PersonFields mobileRequired={false} />
          <Form.Item
            name="occupationClass"
            label={t('team.occupationClass')}
            help={t('team.occupationHelp')}
            rules={[
              { type: 'number', min: classes.min, max: classes.max, message: t('team.occupationRange', classes) },
            ]}
          >
            <Stepper min={1} max={6} digits={0} />
          </Form.Item>
        </Form>
      )}
    </Popup>
  );
}
