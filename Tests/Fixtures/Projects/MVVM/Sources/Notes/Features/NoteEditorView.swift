import SwiftUI

struct NoteEditorView: View {
    @ObservedObject var viewModel = NoteEditorViewModel()
    @State var showsDiscardAlert = false

    var body: some View {
        Form {
            TextField("Note", text: $viewModel.draft)
            Button("Clear") {
                viewModel.draft = ""
            }
            Button("Discard") { showsDiscardAlert = true }
        }
        .onAppear {
            Task { await viewModel.save() }
        }
    }
}
