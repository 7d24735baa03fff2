export interface JournalPrompt {
  id: string; // 'p01' … 'p36'
  en: string;
  es: string;
}

/** Writing prompts for the journal (issue 5: at least 30 per language). */
export const JOURNAL_PROMPTS: readonly JournalPrompt[] = [
  {
    id: 'p01',
    en: "List three specific things from today you are thankful for. How do they show you God's care?",
    es: 'Anota tres cosas concretas de hoy por las que quieres dar gracias. ¿Cómo te muestran el cuidado de Dios?',
  },
  {
    id: 'p02',
    en: 'Think of a person God has used to bless you recently. Write a prayer of thanks for them.',
    es: 'Piensa en alguien que Dios ha usado para bendecirte últimamente. Escribe una oración de gratitud por esa persona.',
  },
  {
    id: 'p03',
    en: 'Is there anything you need to confess to God today? Name it honestly and receive his promise of forgiveness (1 John 1:9).',
    es: '¿Hay algo que necesitas confesarle a Dios hoy? Nómbralo con sinceridad y recibe su promesa de perdón (1 Juan 1:9).',
  },
  {
    id: 'p04',
    en: 'Ask God to search your heart (Psalm 139:23-24). What attitudes or habits is he bringing to your attention?',
    es: 'Pídele a Dios que examine tu corazón (Salmo 139:23-24). ¿Qué actitudes o hábitos te está mostrando?',
  },
  {
    id: 'p05',
    en: 'Write a prayer about the thing weighing most on your mind right now. Tell God exactly how you feel.',
    es: 'Escribe una oración sobre lo que más te preocupa en este momento. Dile a Dios exactamente cómo te sientes.',
  },
  {
    id: 'p06',
    en: 'Choose three people to pray for this week. What do you want to ask God on their behalf?',
    es: 'Elige a tres personas por quienes orar esta semana. ¿Qué quieres pedirle a Dios por cada una?',
  },
  {
    id: 'p07',
    en: 'Read Psalm 23 slowly. Which line stands out to you today, and why?',
    es: 'Lee el Salmo 23 despacio. ¿Qué frase te llama la atención hoy y por qué?',
  },
  {
    id: 'p08',
    en: 'Think about a verse you read recently. How could you put it into practice in the next 24 hours?',
    es: 'Piensa en un versículo que leíste hace poco. ¿Cómo podrías ponerlo en práctica en las próximas 24 horas?',
  },
  {
    id: 'p09',
    en: 'Which attribute of God (his faithfulness, mercy, holiness, or patience) have you noticed most this week? Describe where you saw it.',
    es: '¿Qué atributo de Dios (su fidelidad, misericordia, santidad o paciencia) has notado más esta semana? Describe dónde lo viste.',
  },
  {
    id: 'p10',
    en: 'Jesus taught us to call God "Father" (Matthew 6:9). What does it mean to you that you can come to him as his child?',
    es: 'Jesús nos enseñó a llamar a Dios «Padre» (Mateo 6:9). ¿Qué significa para ti poder acercarte a él como uno de sus hijos?',
  },
  {
    id: 'p11',
    en: 'Think about a relationship that feels strained right now. How can you show Christlike love to that person this week?',
    es: 'Piensa en una relación que esté tensa en este momento. ¿Cómo puedes mostrarle el amor de Cristo a esa persona esta semana?',
  },
  {
    id: 'p12',
    en: 'Who in your life needs encouragement? Write what you could say or do to lift them up.',
    es: '¿Quién a tu alrededor necesita aliento? Escribe qué podrías decir o hacer para animar a esa persona.',
  },
  {
    id: 'p13',
    en: 'Where could you serve someone quietly this week, without expecting recognition? Write down one concrete step.',
    es: '¿Dónde podrías servir a alguien esta semana sin buscar reconocimiento? Anota un paso concreto que darás.',
  },
  {
    id: 'p14',
    en: 'What gifts, skills, or resources has God given you? How might he want you to use them for others?',
    es: '¿Qué dones, habilidades o recursos te ha dado Dios? ¿Cómo quiere él que los uses para servir a otros?',
  },
  {
    id: 'p15',
    en: 'Bring a hurt or disappointment honestly before God, as the psalmists did (Psalm 13). What do you want to tell him?',
    es: 'Presenta ante Dios con sinceridad una herida o desilusión, como hacían los salmistas (Salmo 13). ¿Qué quieres decirle?',
  },
  {
    id: 'p16',
    en: 'Recall a hard season God carried you through. What did you learn about him during that time?',
    es: 'Recuerda una temporada difícil en la que Dios te sostuvo. ¿Qué aprendiste de él durante ese tiempo?',
  },
  {
    id: 'p17',
    en: "What are you waiting for right now? Write how God's promises give you hope while you wait.",
    es: '¿Qué estás esperando en este momento? Escribe cómo las promesas de Dios te dan esperanza mientras esperas.',
  },
  {
    id: 'p18',
    en: 'Imagine the day when God restores all of creation (Revelation 21). How does that hope change the way you live today?',
    es: 'Imagina el día en que Dios renovará toda la creación (Apocalipsis 21). ¿Cómo cambia esa esperanza tu manera de vivir hoy?',
  },
  {
    id: 'p19',
    en: 'Write a short psalm of praise in your own words, thanking God for who he is and what he has done.',
    es: 'Escribe un breve salmo de alabanza con tus propias palabras, dándole gracias a Dios por quién es y por lo que ha hecho.',
  },
  {
    id: 'p20',
    en: 'What song or hymn has been on your heart lately? What truth about God does it help you remember?',
    es: '¿Qué canción o himno ha estado en tu corazón últimamente? ¿Qué verdad sobre Dios te ayuda a recordar?',
  },
  {
    id: 'p21',
    en: 'Look at the week ahead. Which day or task worries you most, and how can you invite God into it?',
    es: 'Mira la semana que viene. ¿Qué día o tarea te inquieta más y cómo puedes ponerlo en manos de Dios?',
  },
  {
    id: 'p22',
    en: 'What is one way you want to grow spiritually this week? Write a simple, specific plan.',
    es: '¿En qué área quieres crecer espiritualmente esta semana? Escribe un plan sencillo y específico.',
  },
  {
    id: 'p23',
    en: 'Write about a prayer God has answered, whether with yes, no, or wait. How did his answer shape you?',
    es: 'Escribe sobre una oración que Dios respondió, ya sea con un sí, un no o un espera. ¿Qué aprendiste con su respuesta?',
  },
  {
    id: 'p24',
    en: 'Start a list of ways God has been faithful to you this year. Add to it whenever you remember something new.',
    es: 'Comienza una lista de las maneras en que Dios te ha sido fiel este año. Sigue agregando cada vez que recuerdes algo nuevo.',
  },
  {
    id: 'p25',
    en: 'Is there someone you are struggling to forgive? Write honestly about it, remembering how much God has forgiven you (Colossians 3:13).',
    es: '¿Hay alguien a quien te cuesta perdonar? Escribe con sinceridad al respecto, recordando cuánto te ha perdonado Dios (Colosenses 3:13).',
  },
  {
    id: 'p26',
    en: 'What does it mean to you that you are fully forgiven in Christ? Write about any guilt you need to lay down.',
    es: '¿Qué significa para ti saber que en Cristo tienes perdón completo? Escribe sobre alguna culpa que necesitas soltar.',
  },
  {
    id: 'p27',
    en: 'Where do you sense God is leading you right now, in your work, studies, or relationships? Write about it.',
    es: '¿Hacia dónde sientes que Dios te está guiando en este tiempo, ya sea en tu trabajo, tus estudios o tus relaciones?',
  },
  {
    id: 'p28',
    en: 'How can you honor God in your ordinary daily work this week (Colossians 3:23)?',
    es: '¿Cómo puedes honrar a Dios en tu trabajo de todos los días esta semana (Colosenses 3:23)?',
  },
  {
    id: 'p29',
    en: 'What is one thing you appreciate about your church family? How can you contribute to its life this month?',
    es: '¿Qué es algo que valoras de tu familia de la iglesia? ¿Cómo puedes aportar a su vida este mes?',
  },
  {
    id: 'p30',
    en: 'Think about the last sermon or Bible study you attended. What did God teach you, and how are you responding?',
    es: 'Piensa en la última predicación o estudio bíblico al que asististe. ¿Qué te enseñó Dios y cómo estás respondiendo?',
  },
  {
    id: 'p31',
    en: 'Step outside or look out a window for a few minutes. What does creation show you about its Creator (Psalm 19)?',
    es: 'Sal afuera o mira por una ventana unos minutos. ¿Qué te muestra la creación acerca de su Creador (Salmo 19)?',
  },
  {
    id: 'p32',
    en: 'Describe something beautiful you noticed in nature recently. How did it move you to worship?',
    es: 'Describe algo hermoso que notaste en la naturaleza hace poco. ¿Cómo te movió a adorar a Dios?',
  },
  {
    id: 'p33',
    en: 'Jesus invites the weary to come to him for rest (Matthew 11:28). What is wearing you out, and what would resting in him look like?',
    es: 'Jesús invita a los cansados a encontrar descanso en él (Mateo 11:28). ¿Qué te está agotando y cómo sería descansar en él?',
  },
  {
    id: 'p34',
    en: 'How can you set aside unhurried time this week to rest, enjoy God, and trust him with what is unfinished?',
    es: '¿Cómo puedes apartar tiempo sin prisas esta semana para descansar, disfrutar de Dios y confiarle lo que quedó pendiente?',
  },
  {
    id: 'p35',
    en: "Read Romans 8:38-39. What fears lose their grip when you remember that nothing can separate you from God's love?",
    es: 'Lee Romanos 8:38-39. ¿Qué temores pierden fuerza cuando recuerdas que nada puede separarte del amor de Dios?',
  },
  {
    id: 'p36',
    en: "Looking back over today, where did you sense God's presence? Where might you have missed him?",
    es: 'Al repasar tu día, ¿dónde sentiste la presencia de Dios? ¿En qué momentos no te diste cuenta de que estaba contigo?',
  },
];
