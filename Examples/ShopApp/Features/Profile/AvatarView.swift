import Combine
import SwiftUI
import UIKit

@MainActor
final class AvatarViewModel: ObservableObject {
    @Published private(set) var image: UIImage?
    @Published private(set) var didFail = false

    let imageURL: URL?

    init(imageURL: URL?) {
        self.imageURL = imageURL
    }

    func loadImage() async {
        guard image == nil, let imageURL else { return }
        do {
            let (data, _) = try await URLSession.shared.data(from: imageURL)
            image = UIImage(data: data)
        } catch {
            didFail = true
        }
    }
}

struct AvatarView: View {
    // The header builds this for the signed-in user
    @StateObject private var viewModel: AvatarViewModel
    private let size: CGFloat

    init(viewModel: AvatarViewModel, size: CGFloat = 56) {
        _viewModel = StateObject(wrappedValue: viewModel)
        self.size = size
    }

    var body: some View {
        Group {
            if let image = viewModel.image {
                Image(uiImage: image)
                    .resizable()
                    .scaledToFill()
            } else {
                Image(systemName: viewModel.didFail ? "person.crop.circle.badge.exclamationmark" : "person.crop.circle.fill")
                    .resizable()
                    .foregroundStyle(.secondary)
            }
        }
        .frame(width: size, height: size)
        .clipShape(Circle())
        .task { await viewModel.loadImage() }
    }
}

#Preview {
    AvatarView(viewModel: AvatarViewModel(imageURL: nil), size: 96)
}
