import { ViewPage } from '../../../components/ui/view-page.tsx';
import { SavedPersonList } from './person-list.tsx';

/** 常用被保人: people the member often insures, to fill the purchase form in one tap. */
export default function CollectView() {
  return (
    <ViewPage>
      <SavedPersonList kind="insured" title="collect.title" empty="collect.empty" emptyHint="collect.emptyHint" add="collect.add" />
    </ViewPage>
  );
}
