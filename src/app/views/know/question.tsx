import styles from './know.module.css';

interface QuestionProps {
  question: string;
  answer: string;
  /** Open when drawn (the answers a search found); the reader opens and closes it from then on. */
  open: boolean;
}

/**
 * One question of the guide with its answer, as the browser's own disclosure (`details`): no
 * script or animation library per question, a closed answer is not laid out, and the browser's
 * find-in-page opens it (docs/decisions/native-disclosures.md).
 */
export function Question({ question, answer, open }: QuestionProps) {
  return (
    <details className={styles.question} open={open}>
      <summary className={styles.questionTitle} data-main-target>
        {question}
      </summary>
      <p className={styles.answer}>{answer}</p>
    </details>
  );
}
