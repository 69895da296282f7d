/// The registry of every rule, in catalogue order. Adding a rule: one file plus one line here.
import MVILintCore

public let allRules: [any Rule.Type] = [
    StatePrivateSet.self,
    MainActorModel.self,
    MainActorMutation.self,
    NoUsecaseInView.self,
    OwnedModelStateObject.self,
    StateObjectInjected.self,
    ViewMutatesState.self,
    ViewBindsModelState.self,
    SideEffectInBody.self,
    PreferTaskModifier.self,
    TaskIdDependency.self,
    PreferTaskId.self,
    UnstructuredTaskInModifier.self,
    ReducerSideEffect.self,
    StateValueType.self,
    LoadingStateReset.self,
    PrivateViewState.self,
    UnobservedModel.self,
    MissingEnvironmentObject.self,
    LayerDependency.self,
    UnusedSuppression.self,
]
