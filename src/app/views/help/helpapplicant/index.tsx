import { ViewPage } from '../../../components/ui/view-page.tsx';
import { SavedPersonList } from '../collect/person-list.tsx';

/** 常用投保人: people who often buy for others (e.g. a parent for the family). */
export default function HelpApplicantView() {
  return (
    <ViewPage>
      <SavedPersonList
        kind="applicant"
        title="applicant.title"
        empty="applicant.empty"
        emptyHint="applicant.emptyHint"
        add="applicant.add"
      />
    </ViewPage>
  );
}
